-- Issue 19: a transaction type is an operation type (operation_types.id) a section allows, no longer a
-- number of its own. The old rows (ids 1-21, numbered across sections) are dropped; the seed writes the
-- pairs of reference-data/transaction_types.json (= OPERATIONS_BY_SECTION of packages/contracts).
-- Nothing refers to this table.
DROP TABLE transaction_types;
CREATE TABLE transaction_types (
  section_id text NOT NULL,
  operation_type_id int NOT NULL,
  PRIMARY KEY (section_id, operation_type_id)
);
