// A minimal program for driver tests: prints one line, void main.
func.func @main() {
  %c = arith.constant 42 : i64
  vector.print str "hello "
  vector.print %c : i64
  return
}
