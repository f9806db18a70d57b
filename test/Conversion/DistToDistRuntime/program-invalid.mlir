// RUN: %distc-opt %s --convert-dist-to-distruntime --lower-distruntime-to-idtr --verify-diagnostics --split-input-file

// Parameters of one name must agree: the program has one command line
// (checked where the IDTR conversion builds the parameter table, at the
// user's ops).
func.func @twice() -> (index, index) {
  // expected-note @+1 {{first declared here}}
  %a = dist.param "n" default 10 : index
  // expected-error @+1 {{'distruntime.param' op parameter "n" is declared again with another type or default}}
  %b = dist.param "n" default 20 : index
  return %a, %b : index, index
}

// -----

func.func @other_type() -> (index, i64) {
  // expected-note @+1 {{first declared here}}
  %a = dist.param "n" default 10 : index
  // expected-error @+1 {{parameter "n" is declared again with another type or default}}
  %b = dist.param "n" default 10 : i64
  return %a, %b : index, i64
}
