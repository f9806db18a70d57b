// RUN: %distc-opt %s --split-input-file --verify-diagnostics

// Verifier of dist.matmul (DistLinalgOps.cpp).

func.func @vector_lhs(%a: !dist.tensor<8xf64>, %b: !dist.tensor<8xf64>) {
  // expected-error @+1 {{'dist.matmul' op expects a matrix (rank 2) as first operand, got '!dist.tensor<8xf64>'}}
  %c = dist.matmul %a, %b : !dist.tensor<8xf64>, !dist.tensor<8xf64> -> !dist.tensor<8xf64>
  return
}

// -----

func.func @rank3_rhs(%a: !dist.tensor<8x4xf64>, %b: !dist.tensor<4x2x2xf64>) {
  // expected-error @+1 {{'dist.matmul' op expects a matrix or a vector as second operand, got '!dist.tensor<4x2x2xf64>'}}
  %c = dist.matmul %a, %b : !dist.tensor<8x4xf64>, !dist.tensor<4x2x2xf64> -> !dist.tensor<8x2xf64>
  return
}

// -----

func.func @result_rank(%a: !dist.tensor<8x4xf64>, %b: !dist.tensor<4xf64>) {
  // expected-error @+1 {{'dist.matmul' op result must have the rank of the second operand (1), got '!dist.tensor<8x1xf64>'}}
  %c = dist.matmul %a, %b : !dist.tensor<8x4xf64>, !dist.tensor<4xf64> -> !dist.tensor<8x1xf64>
  return
}

// -----

func.func @element_types(%a: !dist.tensor<8x4xf64>, %b: !dist.tensor<4x2xf32>) {
  // expected-error @+1 {{'dist.matmul' op operands and result must have one element type, got 'f64', 'f32' and 'f64'}}
  %c = dist.matmul %a, %b : !dist.tensor<8x4xf64>, !dist.tensor<4x2xf32> -> !dist.tensor<8x2xf64>
  return
}

// -----

func.func @i1(%a: !dist.tensor<8x4xi1>, %b: !dist.tensor<4x2xi1>) {
  // expected-error @+1 {{'dist.matmul' op needs integer or float elements wider than i1}}
  %c = dist.matmul %a, %b : !dist.tensor<8x4xi1>, !dist.tensor<4x2xi1> -> !dist.tensor<8x2xi1>
  return
}

// -----

// linalg.matmul builds no body for index elements (distc crashed).
func.func @index(%a: !dist.tensor<8x4xindex>, %b: !dist.tensor<4x2xindex>) {
  // expected-error @+1 {{'dist.matmul' op needs integer or float elements wider than i1, not 'index' (convert index to i64)}}
  %c = dist.matmul %a, %b : !dist.tensor<8x4xindex>, !dist.tensor<4x2xindex> -> !dist.tensor<8x2xindex>
  return
}

// -----

func.func @teams(%a: !dist.tensor<8x4xf64>, %b: !dist.tensor<4x2xf64, team = 1>) {
  // expected-error @+1 {{'dist.matmul' op operands and result must belong to the same team, got teams 0, 1 and 0}}
  %c = dist.matmul %a, %b : !dist.tensor<8x4xf64>, !dist.tensor<4x2xf64, team = 1> -> !dist.tensor<8x2xf64>
  return
}

// -----

func.func @irregular_result(%a: !dist.tensor<8x4xf64>, %b: !dist.tensor<4x2xf64>) {
  // expected-error @+1 {{'dist.matmul' op result must be balanced, got '!dist.tensor<8x2xf64, irregular>'}}
  %c = dist.matmul %a, %b : !dist.tensor<8x4xf64>, !dist.tensor<4x2xf64> -> !dist.tensor<8x2xf64, irregular>
  return
}

// -----

func.func @inner(%a: !dist.tensor<8x4xf64>, %b: !dist.tensor<5x2xf64>) {
  // expected-error @+1 {{'dist.matmul' op inner sizes differ: 4 columns of the first operand, 5 rows of the second}}
  %c = dist.matmul %a, %b : !dist.tensor<8x4xf64>, !dist.tensor<5x2xf64> -> !dist.tensor<8x2xf64>
  return
}

// -----

func.func @rows(%a: !dist.tensor<8x4xf64>, %b: !dist.tensor<4x2xf64>) {
  // expected-error @+1 {{'dist.matmul' op result has 7 rows, the first operand 8}}
  %c = dist.matmul %a, %b : !dist.tensor<8x4xf64>, !dist.tensor<4x2xf64> -> !dist.tensor<7x2xf64>
  return
}

// -----

func.func @columns(%a: !dist.tensor<8x4xf64>, %b: !dist.tensor<?x2xf64>) {
  // expected-error @+1 {{'dist.matmul' op result has 3 columns, the second operand 2}}
  %c = dist.matmul %a, %b : !dist.tensor<8x4xf64>, !dist.tensor<?x2xf64> -> !dist.tensor<8x3xf64>
  return
}
