// The kernels of loom.mlir written with scf.while and flags, as a front end
// without early exits would (the baseline of bench/tensor/run.sh).

func.func private @search(%t: tensor<?xi32>, %key: i32) -> index attributes {passthrough = ["noinline"]} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %t, %c0 : tensor<?xi32>
  %r = scf.while (%i = %c0) : (index) -> index {
    %inb = arith.cmpi slt, %i, %n : index
    %go = scf.if %inb -> i1 {
      %v = tensor.extract %t[%i] : tensor<?xi32>
      %miss = arith.cmpi ne, %v, %key : i32
      scf.yield %miss : i1
    } else {
      %f = arith.constant false
      scf.yield %f : i1
    }
    scf.condition(%go) %i : index
  } do {
  ^bb0(%i: index):
    %i2 = arith.addi %i, %c1 : index
    scf.yield %i2 : index
  }
  return %r : index
}

func.func private @prefix_until(%t: tensor<?xi32>, %sentinel: i32) -> (tensor<?xi32>, index) attributes {passthrough = ["noinline"]} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %n = tensor.dim %t, %c0 : tensor<?xi32>
  %r:2 = scf.while (%a = %t, %i = %c0) : (tensor<?xi32>, index) -> (tensor<?xi32>, index) {
    %inb = arith.cmpi slt, %i, %n : index
    %go = scf.if %inb -> i1 {
      %v = tensor.extract %a[%i] : tensor<?xi32>
      %ne = arith.cmpi ne, %v, %sentinel : i32
      scf.yield %ne : i1
    } else {
      %f = arith.constant false
      scf.yield %f : i1
    }
    scf.condition(%go) %a, %i : tensor<?xi32>, index
  } do {
  ^bb0(%a: tensor<?xi32>, %i: index):
    %a2 = tensor.insert %z into %a[%i] : tensor<?xi32>
    %i2 = arith.addi %i, %c1 : index
    scf.yield %a2, %i2 : tensor<?xi32>, index
  }
  return %r#0, %r#1 : tensor<?xi32>, index
}

func.func private @double_blocks(%t: tensor<?xf32>, %limit: f32) -> tensor<?xf32> attributes {passthrough = ["noinline"]} {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %n = tensor.dim %t, %c0 : tensor<?xf32>
  %false = arith.constant false
  %r:3 = scf.while (%a = %t, %i = %c0, %done = %false) : (tensor<?xf32>, index, i1) -> (tensor<?xf32>, index, i1) {
    %inb = arith.cmpi slt, %i, %n : index
    %true = arith.constant true
    %notdone = arith.xori %done, %true : i1
    %go = arith.andi %inb, %notdone : i1
    scf.condition(%go) %a, %i, %done : tensor<?xf32>, index, i1
  } do {
  ^bb0(%a: tensor<?xf32>, %i: index, %done: i1):
    %s = tensor.extract_slice %a[%i] [4] [1] : tensor<?xf32> to tensor<4xf32>
    %d = linalg.add ins(%s, %s : tensor<4xf32>, tensor<4xf32>) outs(%s : tensor<4xf32>) -> tensor<4xf32>
    %a2 = tensor.insert_slice %d into %a[%i] [4] [1] : tensor<4xf32> into tensor<?xf32>
    %first = tensor.extract %a2[%i] : tensor<?xf32>
    %big = arith.cmpf ogt, %first, %limit : f32
    %i2 = arith.addi %i, %c4 : index
    scf.yield %a2, %i2, %big : tensor<?xf32>, index, i1
  }
  return %r#0 : tensor<?xf32>
}

func.func private @bump_until(%t: tensor<?x?xi32>, %stop: i32) -> tensor<?x?xi32> attributes {passthrough = ["noinline"]} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i32
  %false = arith.constant false
  %rows = tensor.dim %t, %c0 : tensor<?x?xi32>
  %cols = tensor.dim %t, %c1 : tensor<?x?xi32>
  %r:3 = scf.while (%a = %t, %i = %c0, %stopped = %false) : (tensor<?x?xi32>, index, i1) -> (tensor<?x?xi32>, index, i1) {
    %inb = arith.cmpi slt, %i, %rows : index
    %true = arith.constant true
    %run = arith.xori %stopped, %true : i1
    %go = arith.andi %inb, %run : i1
    scf.condition(%go) %a, %i, %stopped : tensor<?x?xi32>, index, i1
  } do {
  ^bb0(%a: tensor<?x?xi32>, %i: index, %stopped: i1):
    %w:3 = scf.while (%b = %a, %j = %c0, %hit = %false) : (tensor<?x?xi32>, index, i1) -> (tensor<?x?xi32>, index, i1) {
      %inb = arith.cmpi slt, %j, %cols : index
      %go = scf.if %inb -> i1 {
        %v = tensor.extract %b[%i, %j] : tensor<?x?xi32>
        %ne = arith.cmpi ne, %v, %stop : i32
        scf.yield %ne : i1
      } else {
        scf.yield %false : i1
      }
      %h = arith.andi %inb, %go : i1
      %found = arith.xori %h, %inb : i1
      scf.condition(%go) %b, %j, %found : tensor<?x?xi32>, index, i1
    } do {
    ^bb0(%b: tensor<?x?xi32>, %j: index, %hit: i1):
      %v = tensor.extract %b[%i, %j] : tensor<?x?xi32>
      %v2 = arith.addi %v, %one : i32
      %b2 = tensor.insert %v2 into %b[%i, %j] : tensor<?x?xi32>
      %j2 = arith.addi %j, %c1 : index
      scf.yield %b2, %j2, %false : tensor<?x?xi32>, index, i1
    }
    %i2 = arith.addi %i, %c1 : index
    scf.yield %w#0, %i2, %w#2 : tensor<?x?xi32>, index, i1
  }
  return %r#0 : tensor<?x?xi32>
}

func.func private @mark_first_negative(%t: tensor<?xi32>) -> tensor<?xi32> attributes {passthrough = ["noinline"]} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %mark = arith.constant 100 : i32
  %n = tensor.dim %t, %c0 : tensor<?xi32>
  %r = scf.while (%i = %c0) : (index) -> index {
    %inb = arith.cmpi slt, %i, %n : index
    %go = scf.if %inb -> i1 {
      %v = tensor.extract %t[%i] : tensor<?xi32>
      %nonneg = arith.cmpi sge, %v, %z : i32
      scf.yield %nonneg : i1
    } else {
      %f = arith.constant false
      scf.yield %f : i1
    }
    scf.condition(%go) %i : index
  } do {
  ^bb0(%i: index):
    %i2 = arith.addi %i, %c1 : index
    scf.yield %i2 : index
  }
  %found = arith.cmpi slt, %r, %n : index
  %res = scf.if %found -> tensor<?xi32> {
    %u = tensor.insert %mark into %t[%r] : tensor<?xi32>
    scf.yield %u : tensor<?xi32>
  } else {
    scf.yield %t : tensor<?xi32>
  }
  return %res : tensor<?xi32>
}
