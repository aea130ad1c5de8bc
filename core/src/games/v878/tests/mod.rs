//! Rule tests for 878, named after the rule they check.

mod random;
