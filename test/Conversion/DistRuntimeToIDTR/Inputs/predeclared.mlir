// Runtime functions a program declares itself (prepended to a sample by
// declared-once.test).
func.func private @_idtr_wait(i64)
func.func private @_idtr_allreduce_f64(i64, memref<*xf64>, memref<*xf64>, i32) -> i64
