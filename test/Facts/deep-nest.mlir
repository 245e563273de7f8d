// RUN: %loom-opt %s --split-input-file --pass-pipeline='builtin.module(loom-report{format=text})' -o /dev/null | FileCheck %s

// 40-deep nests whose every loop's bounds are the max and min of the two
// or three enclosing induction variables, generated once by
// bench/facts/gen.py 40 --deep-nest --depth=40 with --refs=2
// --dialect=affine, then --refs=3 --dialect=scf (a near-miss load of %z
// added to each innermost body):
// loop K runs from max(i{K-1}, i{K-2} - 1[, i{K-3} - 2]) to
// min(i{K-1} + 4, i{K-2} + 5[, i{K-3} + 6], dim(%a, 0)). Reading an
// enclosing induction variable's cap read that loop's bounds, whose
// variables read theirs again: the analysis took time exponential in the
// depth (x1.6 per level with two back-references, x1.8 with three), and
// did not finish on this file in minutes. The claims, by the semantics of
// the loops:
// - each loop runs max(0, ub - lb) times per entry (step 1), its body
//   counter in [lb, max(lb, ub) - 1], where `i{K-1} + 4` fits the index
//   width only because i{K-1} < dim(%a, 0), which the buffer-size
//   assumption caps (listed);
// - %a[%iK] is in bounds: 0 <= i0 <= ... <= iK < dim(%a, 0);
//   %w[%iK - %i{K-1}] too: i{K-1} <= iK < i{K-1} + 4, so the index is
//   in [0, 3] and %w has 8 elements;
// - near miss: %z[%iK - %i{K-1}] in a buffer of 3 elements is not
//   (iK - i{K-1} = 3 when dim(%a, 0) is large enough).

// CHECK-LABEL: loop details:
#dn_lo2 = affine_map<(d0, d1) -> (d0, d1 - 1)>
#dn_hi2 = affine_map<(d0, d1)[s0] -> (d0 + 4, d1 + 5, s0)>
#dn_lo3 = affine_map<(d0, d1, d2) -> (d0, d1 - 1, d2 - 2)>
#dn_hi3 = affine_map<(d0, d1, d2)[s0] -> (d0 + 4, d1 + 5, d2 + 6, s0)>

func.func @d0(%a: memref<?xf32>, %w: memref<8xf32>, %z: memref<3xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?xf32>
  %e0 = arith.constant 4 : index
  %k1 = arith.constant 1 : index
  %e1 = arith.constant 5 : index
  // CHECK: deep-nest.mlir:[[@LINE+1]]:3: exact: body dim(%arg0, 0), condition dim(%arg0, 0) + 1
  affine.for %i0 = 0 to %n {
    %x0 = affine.load %a[%i0] : memref<?xf32>
    // CHECK: deep-nest.mlir:[[@LINE+1]]:5: exact: body max(0, min(dim(%arg0, 0), <argument 0 of affine.for at {{.*}}deep-nest.mlir:[[@LINE-2]]:3> + 4) - <argument 0 of affine.for at {{.*}}deep-nest.mlir:[[@LINE-2]]:3>), condition max(0, min(dim(%arg0, 0), <argument 0 of affine.for at {{.*}}deep-nest.mlir:[[@LINE-2]]:3> + 4) - <argument 0 of affine.for at {{.*}}deep-nest.mlir:[[@LINE-2]]:3>) + 1{{.*}}; assuming buffer-bytes-below-half-address-space
    affine.for %i1 = max affine_map<(d0) -> (d0)>(%i0) to min affine_map<(d0)[s0] -> (d0 + 4, s0)>(%i0)[%n] {
      %x1 = affine.load %a[%i1] : memref<?xf32>
      %y1 = affine.load %w[%i1 - %i0] : memref<8xf32>
      // CHECK: deep-nest.mlir:[[@LINE+1]]:7: exact: body max(0, min(dim(%arg0, 0), min(<argument 0 of affine.for at {{.*}}deep-nest.mlir:[[@LINE-3]]:5> + 4, <argument 0 of affine.for at {{.*}}deep-nest.mlir:[[@LINE-6]]:3> + 5)) - max(<argument 0 of affine.for at {{.*}}deep-nest.mlir:[[@LINE-6]]:3> - 1, <argument 0 of affine.for at {{.*}}deep-nest.mlir:[[@LINE-3]]:5>)), condition max(0, min(dim(%arg0, 0), min(<argument 0 of affine.for at {{.*}}deep-nest.mlir:[[@LINE-3]]:5> + 4, <argument 0 of affine.for at {{.*}}deep-nest.mlir:[[@LINE-6]]:3> + 5)) - max(<argument 0 of affine.for at {{.*}}deep-nest.mlir:[[@LINE-6]]:3> - 1, <argument 0 of affine.for at {{.*}}deep-nest.mlir:[[@LINE-3]]:5>)) + 1{{.*}}; assuming buffer-bytes-below-half-address-space
      affine.for %i2 = max #dn_lo2(%i1, %i0) to min #dn_hi2(%i1, %i0)[%n] {
        %x2 = affine.load %a[%i2] : memref<?xf32>
        %y2 = affine.load %w[%i2 - %i1] : memref<8xf32>
        affine.for %i3 = max #dn_lo2(%i2, %i1) to min #dn_hi2(%i2, %i1)[%n] {
          %x3 = affine.load %a[%i3] : memref<?xf32>
          %y3 = affine.load %w[%i3 - %i2] : memref<8xf32>
          affine.for %i4 = max #dn_lo2(%i3, %i2) to min #dn_hi2(%i3, %i2)[%n] {
            %x4 = affine.load %a[%i4] : memref<?xf32>
            %y4 = affine.load %w[%i4 - %i3] : memref<8xf32>
            affine.for %i5 = max #dn_lo2(%i4, %i3) to min #dn_hi2(%i4, %i3)[%n] {
              %x5 = affine.load %a[%i5] : memref<?xf32>
              %y5 = affine.load %w[%i5 - %i4] : memref<8xf32>
              affine.for %i6 = max #dn_lo2(%i5, %i4) to min #dn_hi2(%i5, %i4)[%n] {
                %x6 = affine.load %a[%i6] : memref<?xf32>
                %y6 = affine.load %w[%i6 - %i5] : memref<8xf32>
                affine.for %i7 = max #dn_lo2(%i6, %i5) to min #dn_hi2(%i6, %i5)[%n] {
                  %x7 = affine.load %a[%i7] : memref<?xf32>
                  %y7 = affine.load %w[%i7 - %i6] : memref<8xf32>
                  affine.for %i8 = max #dn_lo2(%i7, %i6) to min #dn_hi2(%i7, %i6)[%n] {
                    %x8 = affine.load %a[%i8] : memref<?xf32>
                    %y8 = affine.load %w[%i8 - %i7] : memref<8xf32>
                    affine.for %i9 = max #dn_lo2(%i8, %i7) to min #dn_hi2(%i8, %i7)[%n] {
                      %x9 = affine.load %a[%i9] : memref<?xf32>
                      %y9 = affine.load %w[%i9 - %i8] : memref<8xf32>
                      affine.for %i10 = max #dn_lo2(%i9, %i8) to min #dn_hi2(%i9, %i8)[%n] {
                        %x10 = affine.load %a[%i10] : memref<?xf32>
                        %y10 = affine.load %w[%i10 - %i9] : memref<8xf32>
                        affine.for %i11 = max #dn_lo2(%i10, %i9) to min #dn_hi2(%i10, %i9)[%n] {
                          %x11 = affine.load %a[%i11] : memref<?xf32>
                          %y11 = affine.load %w[%i11 - %i10] : memref<8xf32>
                          affine.for %i12 = max #dn_lo2(%i11, %i10) to min #dn_hi2(%i11, %i10)[%n] {
                            %x12 = affine.load %a[%i12] : memref<?xf32>
                            %y12 = affine.load %w[%i12 - %i11] : memref<8xf32>
                            affine.for %i13 = max #dn_lo2(%i12, %i11) to min #dn_hi2(%i12, %i11)[%n] {
                              %x13 = affine.load %a[%i13] : memref<?xf32>
                              %y13 = affine.load %w[%i13 - %i12] : memref<8xf32>
                              affine.for %i14 = max #dn_lo2(%i13, %i12) to min #dn_hi2(%i13, %i12)[%n] {
                                %x14 = affine.load %a[%i14] : memref<?xf32>
                                %y14 = affine.load %w[%i14 - %i13] : memref<8xf32>
                                affine.for %i15 = max #dn_lo2(%i14, %i13) to min #dn_hi2(%i14, %i13)[%n] {
                                  %x15 = affine.load %a[%i15] : memref<?xf32>
                                  %y15 = affine.load %w[%i15 - %i14] : memref<8xf32>
                                  affine.for %i16 = max #dn_lo2(%i15, %i14) to min #dn_hi2(%i15, %i14)[%n] {
                                    %x16 = affine.load %a[%i16] : memref<?xf32>
                                    %y16 = affine.load %w[%i16 - %i15] : memref<8xf32>
                                    affine.for %i17 = max #dn_lo2(%i16, %i15) to min #dn_hi2(%i16, %i15)[%n] {
                                      %x17 = affine.load %a[%i17] : memref<?xf32>
                                      %y17 = affine.load %w[%i17 - %i16] : memref<8xf32>
                                      affine.for %i18 = max #dn_lo2(%i17, %i16) to min #dn_hi2(%i17, %i16)[%n] {
                                        %x18 = affine.load %a[%i18] : memref<?xf32>
                                        %y18 = affine.load %w[%i18 - %i17] : memref<8xf32>
                                        affine.for %i19 = max #dn_lo2(%i18, %i17) to min #dn_hi2(%i18, %i17)[%n] {
                                          %x19 = affine.load %a[%i19] : memref<?xf32>
                                          %y19 = affine.load %w[%i19 - %i18] : memref<8xf32>
                                          // CHECK: deep-nest.mlir:[[@LINE+1]]:43: exact: body max(0, min(dim(%arg0, 0), min(<argument 0 of affine.for at {{.*}}deep-nest.mlir:[[@LINE-3]]:41> + 4, <argument 0 of affine.for at {{.*}}deep-nest.mlir:[[@LINE-6]]:39> + 5)) - max(<argument 0 of affine.for at {{.*}}deep-nest.mlir:[[@LINE-6]]:39> - 1, <argument 0 of affine.for at {{.*}}deep-nest.mlir:[[@LINE-3]]:41>)), condition max(0, min(dim(%arg0, 0), min(<argument 0 of affine.for at {{.*}}deep-nest.mlir:[[@LINE-3]]:41> + 4, <argument 0 of affine.for at {{.*}}deep-nest.mlir:[[@LINE-6]]:39> + 5)) - max(<argument 0 of affine.for at {{.*}}deep-nest.mlir:[[@LINE-6]]:39> - 1, <argument 0 of affine.for at {{.*}}deep-nest.mlir:[[@LINE-3]]:41>)) + 1{{.*}}; assuming buffer-bytes-below-half-address-space
                                          affine.for %i20 = max #dn_lo2(%i19, %i18) to min #dn_hi2(%i19, %i18)[%n] {
                                            %x20 = affine.load %a[%i20] : memref<?xf32>
                                            %y20 = affine.load %w[%i20 - %i19] : memref<8xf32>
                                            affine.for %i21 = max #dn_lo2(%i20, %i19) to min #dn_hi2(%i20, %i19)[%n] {
                                              %x21 = affine.load %a[%i21] : memref<?xf32>
                                              %y21 = affine.load %w[%i21 - %i20] : memref<8xf32>
                                              affine.for %i22 = max #dn_lo2(%i21, %i20) to min #dn_hi2(%i21, %i20)[%n] {
                                                %x22 = affine.load %a[%i22] : memref<?xf32>
                                                %y22 = affine.load %w[%i22 - %i21] : memref<8xf32>
                                                affine.for %i23 = max #dn_lo2(%i22, %i21) to min #dn_hi2(%i22, %i21)[%n] {
                                                  %x23 = affine.load %a[%i23] : memref<?xf32>
                                                  %y23 = affine.load %w[%i23 - %i22] : memref<8xf32>
                                                  affine.for %i24 = max #dn_lo2(%i23, %i22) to min #dn_hi2(%i23, %i22)[%n] {
                                                    %x24 = affine.load %a[%i24] : memref<?xf32>
                                                    %y24 = affine.load %w[%i24 - %i23] : memref<8xf32>
                                                    affine.for %i25 = max #dn_lo2(%i24, %i23) to min #dn_hi2(%i24, %i23)[%n] {
                                                      %x25 = affine.load %a[%i25] : memref<?xf32>
                                                      %y25 = affine.load %w[%i25 - %i24] : memref<8xf32>
                                                      affine.for %i26 = max #dn_lo2(%i25, %i24) to min #dn_hi2(%i25, %i24)[%n] {
                                                        %x26 = affine.load %a[%i26] : memref<?xf32>
                                                        %y26 = affine.load %w[%i26 - %i25] : memref<8xf32>
                                                        affine.for %i27 = max #dn_lo2(%i26, %i25) to min #dn_hi2(%i26, %i25)[%n] {
                                                          %x27 = affine.load %a[%i27] : memref<?xf32>
                                                          %y27 = affine.load %w[%i27 - %i26] : memref<8xf32>
                                                          affine.for %i28 = max #dn_lo2(%i27, %i26) to min #dn_hi2(%i27, %i26)[%n] {
                                                            %x28 = affine.load %a[%i28] : memref<?xf32>
                                                            %y28 = affine.load %w[%i28 - %i27] : memref<8xf32>
                                                            affine.for %i29 = max #dn_lo2(%i28, %i27) to min #dn_hi2(%i28, %i27)[%n] {
                                                              %x29 = affine.load %a[%i29] : memref<?xf32>
                                                              %y29 = affine.load %w[%i29 - %i28] : memref<8xf32>
                                                              affine.for %i30 = max #dn_lo2(%i29, %i28) to min #dn_hi2(%i29, %i28)[%n] {
                                                                %x30 = affine.load %a[%i30] : memref<?xf32>
                                                                %y30 = affine.load %w[%i30 - %i29] : memref<8xf32>
                                                                affine.for %i31 = max #dn_lo2(%i30, %i29) to min #dn_hi2(%i30, %i29)[%n] {
                                                                  %x31 = affine.load %a[%i31] : memref<?xf32>
                                                                  %y31 = affine.load %w[%i31 - %i30] : memref<8xf32>
                                                                  affine.for %i32 = max #dn_lo2(%i31, %i30) to min #dn_hi2(%i31, %i30)[%n] {
                                                                    %x32 = affine.load %a[%i32] : memref<?xf32>
                                                                    %y32 = affine.load %w[%i32 - %i31] : memref<8xf32>
                                                                    affine.for %i33 = max #dn_lo2(%i32, %i31) to min #dn_hi2(%i32, %i31)[%n] {
                                                                      %x33 = affine.load %a[%i33] : memref<?xf32>
                                                                      %y33 = affine.load %w[%i33 - %i32] : memref<8xf32>
                                                                      affine.for %i34 = max #dn_lo2(%i33, %i32) to min #dn_hi2(%i33, %i32)[%n] {
                                                                        %x34 = affine.load %a[%i34] : memref<?xf32>
                                                                        %y34 = affine.load %w[%i34 - %i33] : memref<8xf32>
                                                                        affine.for %i35 = max #dn_lo2(%i34, %i33) to min #dn_hi2(%i34, %i33)[%n] {
                                                                          %x35 = affine.load %a[%i35] : memref<?xf32>
                                                                          %y35 = affine.load %w[%i35 - %i34] : memref<8xf32>
                                                                          affine.for %i36 = max #dn_lo2(%i35, %i34) to min #dn_hi2(%i35, %i34)[%n] {
                                                                            %x36 = affine.load %a[%i36] : memref<?xf32>
                                                                            %y36 = affine.load %w[%i36 - %i35] : memref<8xf32>
                                                                            affine.for %i37 = max #dn_lo2(%i36, %i35) to min #dn_hi2(%i36, %i35)[%n] {
                                                                              %x37 = affine.load %a[%i37] : memref<?xf32>
                                                                              %y37 = affine.load %w[%i37 - %i36] : memref<8xf32>
                                                                              affine.for %i38 = max #dn_lo2(%i37, %i36) to min #dn_hi2(%i37, %i36)[%n] {
                                                                                %x38 = affine.load %a[%i38] : memref<?xf32>
                                                                                %y38 = affine.load %w[%i38 - %i37] : memref<8xf32>
                                                                                // CHECK: deep-nest.mlir:[[@LINE+1]]:81: exact: body max(0, min(dim(%arg0, 0), min(<argument 0 of affine.for at {{.*}}deep-nest.mlir:[[@LINE-3]]:79> + 4, <argument 0 of affine.for at {{.*}}deep-nest.mlir:[[@LINE-6]]:77> + 5)) - max(<argument 0 of affine.for at {{.*}}deep-nest.mlir:[[@LINE-6]]:77> - 1, <argument 0 of affine.for at {{.*}}deep-nest.mlir:[[@LINE-3]]:79>)), condition max(0, min(dim(%arg0, 0), min(<argument 0 of affine.for at {{.*}}deep-nest.mlir:[[@LINE-3]]:79> + 4, <argument 0 of affine.for at {{.*}}deep-nest.mlir:[[@LINE-6]]:77> + 5)) - max(<argument 0 of affine.for at {{.*}}deep-nest.mlir:[[@LINE-6]]:77> - 1, <argument 0 of affine.for at {{.*}}deep-nest.mlir:[[@LINE-3]]:79>)) + 1{{.*}}; assuming buffer-bytes-below-half-address-space
                                                                                affine.for %i39 = max #dn_lo2(%i38, %i37) to min #dn_hi2(%i38, %i37)[%n] {
                                                                                  %x39 = affine.load %a[%i39] : memref<?xf32>
                                                                                  %y39 = affine.load %w[%i39 - %i38] : memref<8xf32>
                                                                                  %z39 = affine.load %z[%i39 - %i38] : memref<3xf32>
                                                                                }
                                                                              }
                                                                            }
                                                                          }
                                                                        }
                                                                      }
                                                                    }
                                                                  }
                                                                }
                                                              }
                                                            }
                                                          }
                                                        }
                                                      }
                                                    }
                                                  }
                                                }
                                              }
                                            }
                                          }
                                        }
                                      }
                                    }
                                  }
                                }
                              }
                            }
                          }
                        }
                      }
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
  }
  return
}
// CHECK: accesses: 79 proven, 1 unproven
// CHECK: deep-nest.mlir:[[@LINE-44]]:90 d0 affine.load: unproven
// -----

// CHECK-LABEL: loop details:
#dn_lo2 = affine_map<(d0, d1) -> (d0, d1 - 1)>
#dn_hi2 = affine_map<(d0, d1)[s0] -> (d0 + 4, d1 + 5, s0)>
#dn_lo3 = affine_map<(d0, d1, d2) -> (d0, d1 - 1, d2 - 2)>
#dn_hi3 = affine_map<(d0, d1, d2)[s0] -> (d0 + 4, d1 + 5, d2 + 6, s0)>

func.func @d0(%a: memref<?xf32>, %w: memref<8xf32>, %z: memref<3xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?xf32>
  %e0 = arith.constant 4 : index
  %k1 = arith.constant 1 : index
  %e1 = arith.constant 5 : index
  %k2 = arith.constant 2 : index
  %e2 = arith.constant 6 : index
  // CHECK: deep-nest.mlir:[[@LINE+1]]:3: exact: body dim(%arg0, 0), condition dim(%arg0, 0) + 1
  scf.for %i0 = %c0 to %n step %c1 {
    %x0 = memref.load %a[%i0] : memref<?xf32>
    %u1_0 = arith.addi %i0, %e0 : index
    %um1_0 = arith.minsi %n, %u1_0 : index
    // CHECK: deep-nest.mlir:[[@LINE+1]]:5: exact: body max(0, min(dim(%arg0, 0), <argument 0 of scf.for at {{.*}}deep-nest.mlir:[[@LINE-4]]:3> + 4) - <argument 0 of scf.for at {{.*}}deep-nest.mlir:[[@LINE-4]]:3>), condition max(0, min(dim(%arg0, 0), <argument 0 of scf.for at {{.*}}deep-nest.mlir:[[@LINE-4]]:3> + 4) - <argument 0 of scf.for at {{.*}}deep-nest.mlir:[[@LINE-4]]:3>) + 1{{.*}}; assuming buffer-bytes-below-half-address-space
    scf.for %i1 = %i0 to %um1_0 step %c1 {
      %x1 = memref.load %a[%i1] : memref<?xf32>
      %o1 = arith.subi %i1, %i0 : index
      %y1 = memref.load %w[%o1] : memref<8xf32>
      %u2_0 = arith.addi %i1, %e0 : index
      %um2_0 = arith.minsi %n, %u2_0 : index
      %l2_1 = arith.subi %i0, %k1 : index
      %lm2_1 = arith.maxsi %i1, %l2_1 : index
      %u2_1 = arith.addi %i0, %e1 : index
      %um2_1 = arith.minsi %um2_0, %u2_1 : index
      // CHECK: deep-nest.mlir:[[@LINE+1]]:7: exact: body max(0, min(min(dim(%arg0, 0), <argument 0 of scf.for at {{.*}}deep-nest.mlir:[[@LINE-10]]:5> + 4), <argument 0 of scf.for at {{.*}}deep-nest.mlir:[[@LINE-15]]:3> + 5) - max(<argument 0 of scf.for at {{.*}}deep-nest.mlir:[[@LINE-15]]:3> - 1, <argument 0 of scf.for at {{.*}}deep-nest.mlir:[[@LINE-10]]:5>)), condition max(0, min(min(dim(%arg0, 0), <argument 0 of scf.for at {{.*}}deep-nest.mlir:[[@LINE-10]]:5> + 4), <argument 0 of scf.for at {{.*}}deep-nest.mlir:[[@LINE-15]]:3> + 5) - max(<argument 0 of scf.for at {{.*}}deep-nest.mlir:[[@LINE-15]]:3> - 1, <argument 0 of scf.for at {{.*}}deep-nest.mlir:[[@LINE-10]]:5>)) + 1{{.*}}; assuming buffer-bytes-below-half-address-space
      scf.for %i2 = %lm2_1 to %um2_1 step %c1 {
        %x2 = memref.load %a[%i2] : memref<?xf32>
        %o2 = arith.subi %i2, %i1 : index
        %y2 = memref.load %w[%o2] : memref<8xf32>
        %u3_0 = arith.addi %i2, %e0 : index
        %um3_0 = arith.minsi %n, %u3_0 : index
        %l3_1 = arith.subi %i1, %k1 : index
        %lm3_1 = arith.maxsi %i2, %l3_1 : index
        %u3_1 = arith.addi %i1, %e1 : index
        %um3_1 = arith.minsi %um3_0, %u3_1 : index
        %l3_2 = arith.subi %i0, %k2 : index
        %lm3_2 = arith.maxsi %lm3_1, %l3_2 : index
        %u3_2 = arith.addi %i0, %e2 : index
        %um3_2 = arith.minsi %um3_1, %u3_2 : index
        scf.for %i3 = %lm3_2 to %um3_2 step %c1 {
          %x3 = memref.load %a[%i3] : memref<?xf32>
          %o3 = arith.subi %i3, %i2 : index
          %y3 = memref.load %w[%o3] : memref<8xf32>
          %u4_0 = arith.addi %i3, %e0 : index
          %um4_0 = arith.minsi %n, %u4_0 : index
          %l4_1 = arith.subi %i2, %k1 : index
          %lm4_1 = arith.maxsi %i3, %l4_1 : index
          %u4_1 = arith.addi %i2, %e1 : index
          %um4_1 = arith.minsi %um4_0, %u4_1 : index
          %l4_2 = arith.subi %i1, %k2 : index
          %lm4_2 = arith.maxsi %lm4_1, %l4_2 : index
          %u4_2 = arith.addi %i1, %e2 : index
          %um4_2 = arith.minsi %um4_1, %u4_2 : index
          scf.for %i4 = %lm4_2 to %um4_2 step %c1 {
            %x4 = memref.load %a[%i4] : memref<?xf32>
            %o4 = arith.subi %i4, %i3 : index
            %y4 = memref.load %w[%o4] : memref<8xf32>
            %u5_0 = arith.addi %i4, %e0 : index
            %um5_0 = arith.minsi %n, %u5_0 : index
            %l5_1 = arith.subi %i3, %k1 : index
            %lm5_1 = arith.maxsi %i4, %l5_1 : index
            %u5_1 = arith.addi %i3, %e1 : index
            %um5_1 = arith.minsi %um5_0, %u5_1 : index
            %l5_2 = arith.subi %i2, %k2 : index
            %lm5_2 = arith.maxsi %lm5_1, %l5_2 : index
            %u5_2 = arith.addi %i2, %e2 : index
            %um5_2 = arith.minsi %um5_1, %u5_2 : index
            scf.for %i5 = %lm5_2 to %um5_2 step %c1 {
              %x5 = memref.load %a[%i5] : memref<?xf32>
              %o5 = arith.subi %i5, %i4 : index
              %y5 = memref.load %w[%o5] : memref<8xf32>
              %u6_0 = arith.addi %i5, %e0 : index
              %um6_0 = arith.minsi %n, %u6_0 : index
              %l6_1 = arith.subi %i4, %k1 : index
              %lm6_1 = arith.maxsi %i5, %l6_1 : index
              %u6_1 = arith.addi %i4, %e1 : index
              %um6_1 = arith.minsi %um6_0, %u6_1 : index
              %l6_2 = arith.subi %i3, %k2 : index
              %lm6_2 = arith.maxsi %lm6_1, %l6_2 : index
              %u6_2 = arith.addi %i3, %e2 : index
              %um6_2 = arith.minsi %um6_1, %u6_2 : index
              scf.for %i6 = %lm6_2 to %um6_2 step %c1 {
                %x6 = memref.load %a[%i6] : memref<?xf32>
                %o6 = arith.subi %i6, %i5 : index
                %y6 = memref.load %w[%o6] : memref<8xf32>
                %u7_0 = arith.addi %i6, %e0 : index
                %um7_0 = arith.minsi %n, %u7_0 : index
                %l7_1 = arith.subi %i5, %k1 : index
                %lm7_1 = arith.maxsi %i6, %l7_1 : index
                %u7_1 = arith.addi %i5, %e1 : index
                %um7_1 = arith.minsi %um7_0, %u7_1 : index
                %l7_2 = arith.subi %i4, %k2 : index
                %lm7_2 = arith.maxsi %lm7_1, %l7_2 : index
                %u7_2 = arith.addi %i4, %e2 : index
                %um7_2 = arith.minsi %um7_1, %u7_2 : index
                scf.for %i7 = %lm7_2 to %um7_2 step %c1 {
                  %x7 = memref.load %a[%i7] : memref<?xf32>
                  %o7 = arith.subi %i7, %i6 : index
                  %y7 = memref.load %w[%o7] : memref<8xf32>
                  %u8_0 = arith.addi %i7, %e0 : index
                  %um8_0 = arith.minsi %n, %u8_0 : index
                  %l8_1 = arith.subi %i6, %k1 : index
                  %lm8_1 = arith.maxsi %i7, %l8_1 : index
                  %u8_1 = arith.addi %i6, %e1 : index
                  %um8_1 = arith.minsi %um8_0, %u8_1 : index
                  %l8_2 = arith.subi %i5, %k2 : index
                  %lm8_2 = arith.maxsi %lm8_1, %l8_2 : index
                  %u8_2 = arith.addi %i5, %e2 : index
                  %um8_2 = arith.minsi %um8_1, %u8_2 : index
                  scf.for %i8 = %lm8_2 to %um8_2 step %c1 {
                    %x8 = memref.load %a[%i8] : memref<?xf32>
                    %o8 = arith.subi %i8, %i7 : index
                    %y8 = memref.load %w[%o8] : memref<8xf32>
                    %u9_0 = arith.addi %i8, %e0 : index
                    %um9_0 = arith.minsi %n, %u9_0 : index
                    %l9_1 = arith.subi %i7, %k1 : index
                    %lm9_1 = arith.maxsi %i8, %l9_1 : index
                    %u9_1 = arith.addi %i7, %e1 : index
                    %um9_1 = arith.minsi %um9_0, %u9_1 : index
                    %l9_2 = arith.subi %i6, %k2 : index
                    %lm9_2 = arith.maxsi %lm9_1, %l9_2 : index
                    %u9_2 = arith.addi %i6, %e2 : index
                    %um9_2 = arith.minsi %um9_1, %u9_2 : index
                    scf.for %i9 = %lm9_2 to %um9_2 step %c1 {
                      %x9 = memref.load %a[%i9] : memref<?xf32>
                      %o9 = arith.subi %i9, %i8 : index
                      %y9 = memref.load %w[%o9] : memref<8xf32>
                      %u10_0 = arith.addi %i9, %e0 : index
                      %um10_0 = arith.minsi %n, %u10_0 : index
                      %l10_1 = arith.subi %i8, %k1 : index
                      %lm10_1 = arith.maxsi %i9, %l10_1 : index
                      %u10_1 = arith.addi %i8, %e1 : index
                      %um10_1 = arith.minsi %um10_0, %u10_1 : index
                      %l10_2 = arith.subi %i7, %k2 : index
                      %lm10_2 = arith.maxsi %lm10_1, %l10_2 : index
                      %u10_2 = arith.addi %i7, %e2 : index
                      %um10_2 = arith.minsi %um10_1, %u10_2 : index
                      scf.for %i10 = %lm10_2 to %um10_2 step %c1 {
                        %x10 = memref.load %a[%i10] : memref<?xf32>
                        %o10 = arith.subi %i10, %i9 : index
                        %y10 = memref.load %w[%o10] : memref<8xf32>
                        %u11_0 = arith.addi %i10, %e0 : index
                        %um11_0 = arith.minsi %n, %u11_0 : index
                        %l11_1 = arith.subi %i9, %k1 : index
                        %lm11_1 = arith.maxsi %i10, %l11_1 : index
                        %u11_1 = arith.addi %i9, %e1 : index
                        %um11_1 = arith.minsi %um11_0, %u11_1 : index
                        %l11_2 = arith.subi %i8, %k2 : index
                        %lm11_2 = arith.maxsi %lm11_1, %l11_2 : index
                        %u11_2 = arith.addi %i8, %e2 : index
                        %um11_2 = arith.minsi %um11_1, %u11_2 : index
                        scf.for %i11 = %lm11_2 to %um11_2 step %c1 {
                          %x11 = memref.load %a[%i11] : memref<?xf32>
                          %o11 = arith.subi %i11, %i10 : index
                          %y11 = memref.load %w[%o11] : memref<8xf32>
                          %u12_0 = arith.addi %i11, %e0 : index
                          %um12_0 = arith.minsi %n, %u12_0 : index
                          %l12_1 = arith.subi %i10, %k1 : index
                          %lm12_1 = arith.maxsi %i11, %l12_1 : index
                          %u12_1 = arith.addi %i10, %e1 : index
                          %um12_1 = arith.minsi %um12_0, %u12_1 : index
                          %l12_2 = arith.subi %i9, %k2 : index
                          %lm12_2 = arith.maxsi %lm12_1, %l12_2 : index
                          %u12_2 = arith.addi %i9, %e2 : index
                          %um12_2 = arith.minsi %um12_1, %u12_2 : index
                          scf.for %i12 = %lm12_2 to %um12_2 step %c1 {
                            %x12 = memref.load %a[%i12] : memref<?xf32>
                            %o12 = arith.subi %i12, %i11 : index
                            %y12 = memref.load %w[%o12] : memref<8xf32>
                            %u13_0 = arith.addi %i12, %e0 : index
                            %um13_0 = arith.minsi %n, %u13_0 : index
                            %l13_1 = arith.subi %i11, %k1 : index
                            %lm13_1 = arith.maxsi %i12, %l13_1 : index
                            %u13_1 = arith.addi %i11, %e1 : index
                            %um13_1 = arith.minsi %um13_0, %u13_1 : index
                            %l13_2 = arith.subi %i10, %k2 : index
                            %lm13_2 = arith.maxsi %lm13_1, %l13_2 : index
                            %u13_2 = arith.addi %i10, %e2 : index
                            %um13_2 = arith.minsi %um13_1, %u13_2 : index
                            scf.for %i13 = %lm13_2 to %um13_2 step %c1 {
                              %x13 = memref.load %a[%i13] : memref<?xf32>
                              %o13 = arith.subi %i13, %i12 : index
                              %y13 = memref.load %w[%o13] : memref<8xf32>
                              %u14_0 = arith.addi %i13, %e0 : index
                              %um14_0 = arith.minsi %n, %u14_0 : index
                              %l14_1 = arith.subi %i12, %k1 : index
                              %lm14_1 = arith.maxsi %i13, %l14_1 : index
                              %u14_1 = arith.addi %i12, %e1 : index
                              %um14_1 = arith.minsi %um14_0, %u14_1 : index
                              %l14_2 = arith.subi %i11, %k2 : index
                              %lm14_2 = arith.maxsi %lm14_1, %l14_2 : index
                              %u14_2 = arith.addi %i11, %e2 : index
                              %um14_2 = arith.minsi %um14_1, %u14_2 : index
                              scf.for %i14 = %lm14_2 to %um14_2 step %c1 {
                                %x14 = memref.load %a[%i14] : memref<?xf32>
                                %o14 = arith.subi %i14, %i13 : index
                                %y14 = memref.load %w[%o14] : memref<8xf32>
                                %u15_0 = arith.addi %i14, %e0 : index
                                %um15_0 = arith.minsi %n, %u15_0 : index
                                %l15_1 = arith.subi %i13, %k1 : index
                                %lm15_1 = arith.maxsi %i14, %l15_1 : index
                                %u15_1 = arith.addi %i13, %e1 : index
                                %um15_1 = arith.minsi %um15_0, %u15_1 : index
                                %l15_2 = arith.subi %i12, %k2 : index
                                %lm15_2 = arith.maxsi %lm15_1, %l15_2 : index
                                %u15_2 = arith.addi %i12, %e2 : index
                                %um15_2 = arith.minsi %um15_1, %u15_2 : index
                                scf.for %i15 = %lm15_2 to %um15_2 step %c1 {
                                  %x15 = memref.load %a[%i15] : memref<?xf32>
                                  %o15 = arith.subi %i15, %i14 : index
                                  %y15 = memref.load %w[%o15] : memref<8xf32>
                                  %u16_0 = arith.addi %i15, %e0 : index
                                  %um16_0 = arith.minsi %n, %u16_0 : index
                                  %l16_1 = arith.subi %i14, %k1 : index
                                  %lm16_1 = arith.maxsi %i15, %l16_1 : index
                                  %u16_1 = arith.addi %i14, %e1 : index
                                  %um16_1 = arith.minsi %um16_0, %u16_1 : index
                                  %l16_2 = arith.subi %i13, %k2 : index
                                  %lm16_2 = arith.maxsi %lm16_1, %l16_2 : index
                                  %u16_2 = arith.addi %i13, %e2 : index
                                  %um16_2 = arith.minsi %um16_1, %u16_2 : index
                                  scf.for %i16 = %lm16_2 to %um16_2 step %c1 {
                                    %x16 = memref.load %a[%i16] : memref<?xf32>
                                    %o16 = arith.subi %i16, %i15 : index
                                    %y16 = memref.load %w[%o16] : memref<8xf32>
                                    %u17_0 = arith.addi %i16, %e0 : index
                                    %um17_0 = arith.minsi %n, %u17_0 : index
                                    %l17_1 = arith.subi %i15, %k1 : index
                                    %lm17_1 = arith.maxsi %i16, %l17_1 : index
                                    %u17_1 = arith.addi %i15, %e1 : index
                                    %um17_1 = arith.minsi %um17_0, %u17_1 : index
                                    %l17_2 = arith.subi %i14, %k2 : index
                                    %lm17_2 = arith.maxsi %lm17_1, %l17_2 : index
                                    %u17_2 = arith.addi %i14, %e2 : index
                                    %um17_2 = arith.minsi %um17_1, %u17_2 : index
                                    scf.for %i17 = %lm17_2 to %um17_2 step %c1 {
                                      %x17 = memref.load %a[%i17] : memref<?xf32>
                                      %o17 = arith.subi %i17, %i16 : index
                                      %y17 = memref.load %w[%o17] : memref<8xf32>
                                      %u18_0 = arith.addi %i17, %e0 : index
                                      %um18_0 = arith.minsi %n, %u18_0 : index
                                      %l18_1 = arith.subi %i16, %k1 : index
                                      %lm18_1 = arith.maxsi %i17, %l18_1 : index
                                      %u18_1 = arith.addi %i16, %e1 : index
                                      %um18_1 = arith.minsi %um18_0, %u18_1 : index
                                      %l18_2 = arith.subi %i15, %k2 : index
                                      %lm18_2 = arith.maxsi %lm18_1, %l18_2 : index
                                      %u18_2 = arith.addi %i15, %e2 : index
                                      %um18_2 = arith.minsi %um18_1, %u18_2 : index
                                      scf.for %i18 = %lm18_2 to %um18_2 step %c1 {
                                        %x18 = memref.load %a[%i18] : memref<?xf32>
                                        %o18 = arith.subi %i18, %i17 : index
                                        %y18 = memref.load %w[%o18] : memref<8xf32>
                                        %u19_0 = arith.addi %i18, %e0 : index
                                        %um19_0 = arith.minsi %n, %u19_0 : index
                                        %l19_1 = arith.subi %i17, %k1 : index
                                        %lm19_1 = arith.maxsi %i18, %l19_1 : index
                                        %u19_1 = arith.addi %i17, %e1 : index
                                        %um19_1 = arith.minsi %um19_0, %u19_1 : index
                                        %l19_2 = arith.subi %i16, %k2 : index
                                        %lm19_2 = arith.maxsi %lm19_1, %l19_2 : index
                                        %u19_2 = arith.addi %i16, %e2 : index
                                        %um19_2 = arith.minsi %um19_1, %u19_2 : index
                                        scf.for %i19 = %lm19_2 to %um19_2 step %c1 {
                                          %x19 = memref.load %a[%i19] : memref<?xf32>
                                          %o19 = arith.subi %i19, %i18 : index
                                          %y19 = memref.load %w[%o19] : memref<8xf32>
                                          %u20_0 = arith.addi %i19, %e0 : index
                                          %um20_0 = arith.minsi %n, %u20_0 : index
                                          %l20_1 = arith.subi %i18, %k1 : index
                                          %lm20_1 = arith.maxsi %i19, %l20_1 : index
                                          %u20_1 = arith.addi %i18, %e1 : index
                                          %um20_1 = arith.minsi %um20_0, %u20_1 : index
                                          %l20_2 = arith.subi %i17, %k2 : index
                                          %lm20_2 = arith.maxsi %lm20_1, %l20_2 : index
                                          %u20_2 = arith.addi %i17, %e2 : index
                                          %um20_2 = arith.minsi %um20_1, %u20_2 : index
                                          // CHECK: deep-nest.mlir:[[@LINE+1]]:43: exact: body max(0, min(min(min(dim(%arg0, 0), <argument 0 of scf.for at {{.*}}deep-nest.mlir:[[@LINE-14]]:41> + 4), <argument 0 of scf.for at {{.*}}deep-nest.mlir:[[@LINE-28]]:39> + 5), <argument 0 of scf.for at {{.*}}deep-nest.mlir:[[@LINE-42]]:37> + 6) - max(<argument 0 of scf.for at {{.*}}deep-nest.mlir:[[@LINE-42]]:37> - 2, max(<argument 0 of scf.for at {{.*}}deep-nest.mlir:[[@LINE-28]]:39> - 1, <argument 0 of scf.for at {{.*}}deep-nest.mlir:[[@LINE-14]]:41>))), condition max(0, min(min(min(dim(%arg0, 0), <argument 0 of scf.for at {{.*}}deep-nest.mlir:[[@LINE-14]]:41> + 4), <argument 0 of scf.for at {{.*}}deep-nest.mlir:[[@LINE-28]]:39> + 5), <argument 0 of scf.for at {{.*}}deep-nest.mlir:[[@LINE-42]]:37> + 6) - max(<argument 0 of scf.for at {{.*}}deep-nest.mlir:[[@LINE-42]]:37> - 2, max(<argument 0 of scf.for at {{.*}}deep-nest.mlir:[[@LINE-28]]:39> - 1, <argument 0 of scf.for at {{.*}}deep-nest.mlir:[[@LINE-14]]:41>))) + 1{{.*}}; assuming buffer-bytes-below-half-address-space
                                          scf.for %i20 = %lm20_2 to %um20_2 step %c1 {
                                            %x20 = memref.load %a[%i20] : memref<?xf32>
                                            %o20 = arith.subi %i20, %i19 : index
                                            %y20 = memref.load %w[%o20] : memref<8xf32>
                                            %u21_0 = arith.addi %i20, %e0 : index
                                            %um21_0 = arith.minsi %n, %u21_0 : index
                                            %l21_1 = arith.subi %i19, %k1 : index
                                            %lm21_1 = arith.maxsi %i20, %l21_1 : index
                                            %u21_1 = arith.addi %i19, %e1 : index
                                            %um21_1 = arith.minsi %um21_0, %u21_1 : index
                                            %l21_2 = arith.subi %i18, %k2 : index
                                            %lm21_2 = arith.maxsi %lm21_1, %l21_2 : index
                                            %u21_2 = arith.addi %i18, %e2 : index
                                            %um21_2 = arith.minsi %um21_1, %u21_2 : index
                                            scf.for %i21 = %lm21_2 to %um21_2 step %c1 {
                                              %x21 = memref.load %a[%i21] : memref<?xf32>
                                              %o21 = arith.subi %i21, %i20 : index
                                              %y21 = memref.load %w[%o21] : memref<8xf32>
                                              %u22_0 = arith.addi %i21, %e0 : index
                                              %um22_0 = arith.minsi %n, %u22_0 : index
                                              %l22_1 = arith.subi %i20, %k1 : index
                                              %lm22_1 = arith.maxsi %i21, %l22_1 : index
                                              %u22_1 = arith.addi %i20, %e1 : index
                                              %um22_1 = arith.minsi %um22_0, %u22_1 : index
                                              %l22_2 = arith.subi %i19, %k2 : index
                                              %lm22_2 = arith.maxsi %lm22_1, %l22_2 : index
                                              %u22_2 = arith.addi %i19, %e2 : index
                                              %um22_2 = arith.minsi %um22_1, %u22_2 : index
                                              scf.for %i22 = %lm22_2 to %um22_2 step %c1 {
                                                %x22 = memref.load %a[%i22] : memref<?xf32>
                                                %o22 = arith.subi %i22, %i21 : index
                                                %y22 = memref.load %w[%o22] : memref<8xf32>
                                                %u23_0 = arith.addi %i22, %e0 : index
                                                %um23_0 = arith.minsi %n, %u23_0 : index
                                                %l23_1 = arith.subi %i21, %k1 : index
                                                %lm23_1 = arith.maxsi %i22, %l23_1 : index
                                                %u23_1 = arith.addi %i21, %e1 : index
                                                %um23_1 = arith.minsi %um23_0, %u23_1 : index
                                                %l23_2 = arith.subi %i20, %k2 : index
                                                %lm23_2 = arith.maxsi %lm23_1, %l23_2 : index
                                                %u23_2 = arith.addi %i20, %e2 : index
                                                %um23_2 = arith.minsi %um23_1, %u23_2 : index
                                                scf.for %i23 = %lm23_2 to %um23_2 step %c1 {
                                                  %x23 = memref.load %a[%i23] : memref<?xf32>
                                                  %o23 = arith.subi %i23, %i22 : index
                                                  %y23 = memref.load %w[%o23] : memref<8xf32>
                                                  %u24_0 = arith.addi %i23, %e0 : index
                                                  %um24_0 = arith.minsi %n, %u24_0 : index
                                                  %l24_1 = arith.subi %i22, %k1 : index
                                                  %lm24_1 = arith.maxsi %i23, %l24_1 : index
                                                  %u24_1 = arith.addi %i22, %e1 : index
                                                  %um24_1 = arith.minsi %um24_0, %u24_1 : index
                                                  %l24_2 = arith.subi %i21, %k2 : index
                                                  %lm24_2 = arith.maxsi %lm24_1, %l24_2 : index
                                                  %u24_2 = arith.addi %i21, %e2 : index
                                                  %um24_2 = arith.minsi %um24_1, %u24_2 : index
                                                  scf.for %i24 = %lm24_2 to %um24_2 step %c1 {
                                                    %x24 = memref.load %a[%i24] : memref<?xf32>
                                                    %o24 = arith.subi %i24, %i23 : index
                                                    %y24 = memref.load %w[%o24] : memref<8xf32>
                                                    %u25_0 = arith.addi %i24, %e0 : index
                                                    %um25_0 = arith.minsi %n, %u25_0 : index
                                                    %l25_1 = arith.subi %i23, %k1 : index
                                                    %lm25_1 = arith.maxsi %i24, %l25_1 : index
                                                    %u25_1 = arith.addi %i23, %e1 : index
                                                    %um25_1 = arith.minsi %um25_0, %u25_1 : index
                                                    %l25_2 = arith.subi %i22, %k2 : index
                                                    %lm25_2 = arith.maxsi %lm25_1, %l25_2 : index
                                                    %u25_2 = arith.addi %i22, %e2 : index
                                                    %um25_2 = arith.minsi %um25_1, %u25_2 : index
                                                    scf.for %i25 = %lm25_2 to %um25_2 step %c1 {
                                                      %x25 = memref.load %a[%i25] : memref<?xf32>
                                                      %o25 = arith.subi %i25, %i24 : index
                                                      %y25 = memref.load %w[%o25] : memref<8xf32>
                                                      %u26_0 = arith.addi %i25, %e0 : index
                                                      %um26_0 = arith.minsi %n, %u26_0 : index
                                                      %l26_1 = arith.subi %i24, %k1 : index
                                                      %lm26_1 = arith.maxsi %i25, %l26_1 : index
                                                      %u26_1 = arith.addi %i24, %e1 : index
                                                      %um26_1 = arith.minsi %um26_0, %u26_1 : index
                                                      %l26_2 = arith.subi %i23, %k2 : index
                                                      %lm26_2 = arith.maxsi %lm26_1, %l26_2 : index
                                                      %u26_2 = arith.addi %i23, %e2 : index
                                                      %um26_2 = arith.minsi %um26_1, %u26_2 : index
                                                      scf.for %i26 = %lm26_2 to %um26_2 step %c1 {
                                                        %x26 = memref.load %a[%i26] : memref<?xf32>
                                                        %o26 = arith.subi %i26, %i25 : index
                                                        %y26 = memref.load %w[%o26] : memref<8xf32>
                                                        %u27_0 = arith.addi %i26, %e0 : index
                                                        %um27_0 = arith.minsi %n, %u27_0 : index
                                                        %l27_1 = arith.subi %i25, %k1 : index
                                                        %lm27_1 = arith.maxsi %i26, %l27_1 : index
                                                        %u27_1 = arith.addi %i25, %e1 : index
                                                        %um27_1 = arith.minsi %um27_0, %u27_1 : index
                                                        %l27_2 = arith.subi %i24, %k2 : index
                                                        %lm27_2 = arith.maxsi %lm27_1, %l27_2 : index
                                                        %u27_2 = arith.addi %i24, %e2 : index
                                                        %um27_2 = arith.minsi %um27_1, %u27_2 : index
                                                        scf.for %i27 = %lm27_2 to %um27_2 step %c1 {
                                                          %x27 = memref.load %a[%i27] : memref<?xf32>
                                                          %o27 = arith.subi %i27, %i26 : index
                                                          %y27 = memref.load %w[%o27] : memref<8xf32>
                                                          %u28_0 = arith.addi %i27, %e0 : index
                                                          %um28_0 = arith.minsi %n, %u28_0 : index
                                                          %l28_1 = arith.subi %i26, %k1 : index
                                                          %lm28_1 = arith.maxsi %i27, %l28_1 : index
                                                          %u28_1 = arith.addi %i26, %e1 : index
                                                          %um28_1 = arith.minsi %um28_0, %u28_1 : index
                                                          %l28_2 = arith.subi %i25, %k2 : index
                                                          %lm28_2 = arith.maxsi %lm28_1, %l28_2 : index
                                                          %u28_2 = arith.addi %i25, %e2 : index
                                                          %um28_2 = arith.minsi %um28_1, %u28_2 : index
                                                          scf.for %i28 = %lm28_2 to %um28_2 step %c1 {
                                                            %x28 = memref.load %a[%i28] : memref<?xf32>
                                                            %o28 = arith.subi %i28, %i27 : index
                                                            %y28 = memref.load %w[%o28] : memref<8xf32>
                                                            %u29_0 = arith.addi %i28, %e0 : index
                                                            %um29_0 = arith.minsi %n, %u29_0 : index
                                                            %l29_1 = arith.subi %i27, %k1 : index
                                                            %lm29_1 = arith.maxsi %i28, %l29_1 : index
                                                            %u29_1 = arith.addi %i27, %e1 : index
                                                            %um29_1 = arith.minsi %um29_0, %u29_1 : index
                                                            %l29_2 = arith.subi %i26, %k2 : index
                                                            %lm29_2 = arith.maxsi %lm29_1, %l29_2 : index
                                                            %u29_2 = arith.addi %i26, %e2 : index
                                                            %um29_2 = arith.minsi %um29_1, %u29_2 : index
                                                            scf.for %i29 = %lm29_2 to %um29_2 step %c1 {
                                                              %x29 = memref.load %a[%i29] : memref<?xf32>
                                                              %o29 = arith.subi %i29, %i28 : index
                                                              %y29 = memref.load %w[%o29] : memref<8xf32>
                                                              %u30_0 = arith.addi %i29, %e0 : index
                                                              %um30_0 = arith.minsi %n, %u30_0 : index
                                                              %l30_1 = arith.subi %i28, %k1 : index
                                                              %lm30_1 = arith.maxsi %i29, %l30_1 : index
                                                              %u30_1 = arith.addi %i28, %e1 : index
                                                              %um30_1 = arith.minsi %um30_0, %u30_1 : index
                                                              %l30_2 = arith.subi %i27, %k2 : index
                                                              %lm30_2 = arith.maxsi %lm30_1, %l30_2 : index
                                                              %u30_2 = arith.addi %i27, %e2 : index
                                                              %um30_2 = arith.minsi %um30_1, %u30_2 : index
                                                              scf.for %i30 = %lm30_2 to %um30_2 step %c1 {
                                                                %x30 = memref.load %a[%i30] : memref<?xf32>
                                                                %o30 = arith.subi %i30, %i29 : index
                                                                %y30 = memref.load %w[%o30] : memref<8xf32>
                                                                %u31_0 = arith.addi %i30, %e0 : index
                                                                %um31_0 = arith.minsi %n, %u31_0 : index
                                                                %l31_1 = arith.subi %i29, %k1 : index
                                                                %lm31_1 = arith.maxsi %i30, %l31_1 : index
                                                                %u31_1 = arith.addi %i29, %e1 : index
                                                                %um31_1 = arith.minsi %um31_0, %u31_1 : index
                                                                %l31_2 = arith.subi %i28, %k2 : index
                                                                %lm31_2 = arith.maxsi %lm31_1, %l31_2 : index
                                                                %u31_2 = arith.addi %i28, %e2 : index
                                                                %um31_2 = arith.minsi %um31_1, %u31_2 : index
                                                                scf.for %i31 = %lm31_2 to %um31_2 step %c1 {
                                                                  %x31 = memref.load %a[%i31] : memref<?xf32>
                                                                  %o31 = arith.subi %i31, %i30 : index
                                                                  %y31 = memref.load %w[%o31] : memref<8xf32>
                                                                  %u32_0 = arith.addi %i31, %e0 : index
                                                                  %um32_0 = arith.minsi %n, %u32_0 : index
                                                                  %l32_1 = arith.subi %i30, %k1 : index
                                                                  %lm32_1 = arith.maxsi %i31, %l32_1 : index
                                                                  %u32_1 = arith.addi %i30, %e1 : index
                                                                  %um32_1 = arith.minsi %um32_0, %u32_1 : index
                                                                  %l32_2 = arith.subi %i29, %k2 : index
                                                                  %lm32_2 = arith.maxsi %lm32_1, %l32_2 : index
                                                                  %u32_2 = arith.addi %i29, %e2 : index
                                                                  %um32_2 = arith.minsi %um32_1, %u32_2 : index
                                                                  scf.for %i32 = %lm32_2 to %um32_2 step %c1 {
                                                                    %x32 = memref.load %a[%i32] : memref<?xf32>
                                                                    %o32 = arith.subi %i32, %i31 : index
                                                                    %y32 = memref.load %w[%o32] : memref<8xf32>
                                                                    %u33_0 = arith.addi %i32, %e0 : index
                                                                    %um33_0 = arith.minsi %n, %u33_0 : index
                                                                    %l33_1 = arith.subi %i31, %k1 : index
                                                                    %lm33_1 = arith.maxsi %i32, %l33_1 : index
                                                                    %u33_1 = arith.addi %i31, %e1 : index
                                                                    %um33_1 = arith.minsi %um33_0, %u33_1 : index
                                                                    %l33_2 = arith.subi %i30, %k2 : index
                                                                    %lm33_2 = arith.maxsi %lm33_1, %l33_2 : index
                                                                    %u33_2 = arith.addi %i30, %e2 : index
                                                                    %um33_2 = arith.minsi %um33_1, %u33_2 : index
                                                                    scf.for %i33 = %lm33_2 to %um33_2 step %c1 {
                                                                      %x33 = memref.load %a[%i33] : memref<?xf32>
                                                                      %o33 = arith.subi %i33, %i32 : index
                                                                      %y33 = memref.load %w[%o33] : memref<8xf32>
                                                                      %u34_0 = arith.addi %i33, %e0 : index
                                                                      %um34_0 = arith.minsi %n, %u34_0 : index
                                                                      %l34_1 = arith.subi %i32, %k1 : index
                                                                      %lm34_1 = arith.maxsi %i33, %l34_1 : index
                                                                      %u34_1 = arith.addi %i32, %e1 : index
                                                                      %um34_1 = arith.minsi %um34_0, %u34_1 : index
                                                                      %l34_2 = arith.subi %i31, %k2 : index
                                                                      %lm34_2 = arith.maxsi %lm34_1, %l34_2 : index
                                                                      %u34_2 = arith.addi %i31, %e2 : index
                                                                      %um34_2 = arith.minsi %um34_1, %u34_2 : index
                                                                      scf.for %i34 = %lm34_2 to %um34_2 step %c1 {
                                                                        %x34 = memref.load %a[%i34] : memref<?xf32>
                                                                        %o34 = arith.subi %i34, %i33 : index
                                                                        %y34 = memref.load %w[%o34] : memref<8xf32>
                                                                        %u35_0 = arith.addi %i34, %e0 : index
                                                                        %um35_0 = arith.minsi %n, %u35_0 : index
                                                                        %l35_1 = arith.subi %i33, %k1 : index
                                                                        %lm35_1 = arith.maxsi %i34, %l35_1 : index
                                                                        %u35_1 = arith.addi %i33, %e1 : index
                                                                        %um35_1 = arith.minsi %um35_0, %u35_1 : index
                                                                        %l35_2 = arith.subi %i32, %k2 : index
                                                                        %lm35_2 = arith.maxsi %lm35_1, %l35_2 : index
                                                                        %u35_2 = arith.addi %i32, %e2 : index
                                                                        %um35_2 = arith.minsi %um35_1, %u35_2 : index
                                                                        scf.for %i35 = %lm35_2 to %um35_2 step %c1 {
                                                                          %x35 = memref.load %a[%i35] : memref<?xf32>
                                                                          %o35 = arith.subi %i35, %i34 : index
                                                                          %y35 = memref.load %w[%o35] : memref<8xf32>
                                                                          %u36_0 = arith.addi %i35, %e0 : index
                                                                          %um36_0 = arith.minsi %n, %u36_0 : index
                                                                          %l36_1 = arith.subi %i34, %k1 : index
                                                                          %lm36_1 = arith.maxsi %i35, %l36_1 : index
                                                                          %u36_1 = arith.addi %i34, %e1 : index
                                                                          %um36_1 = arith.minsi %um36_0, %u36_1 : index
                                                                          %l36_2 = arith.subi %i33, %k2 : index
                                                                          %lm36_2 = arith.maxsi %lm36_1, %l36_2 : index
                                                                          %u36_2 = arith.addi %i33, %e2 : index
                                                                          %um36_2 = arith.minsi %um36_1, %u36_2 : index
                                                                          scf.for %i36 = %lm36_2 to %um36_2 step %c1 {
                                                                            %x36 = memref.load %a[%i36] : memref<?xf32>
                                                                            %o36 = arith.subi %i36, %i35 : index
                                                                            %y36 = memref.load %w[%o36] : memref<8xf32>
                                                                            %u37_0 = arith.addi %i36, %e0 : index
                                                                            %um37_0 = arith.minsi %n, %u37_0 : index
                                                                            %l37_1 = arith.subi %i35, %k1 : index
                                                                            %lm37_1 = arith.maxsi %i36, %l37_1 : index
                                                                            %u37_1 = arith.addi %i35, %e1 : index
                                                                            %um37_1 = arith.minsi %um37_0, %u37_1 : index
                                                                            %l37_2 = arith.subi %i34, %k2 : index
                                                                            %lm37_2 = arith.maxsi %lm37_1, %l37_2 : index
                                                                            %u37_2 = arith.addi %i34, %e2 : index
                                                                            %um37_2 = arith.minsi %um37_1, %u37_2 : index
                                                                            scf.for %i37 = %lm37_2 to %um37_2 step %c1 {
                                                                              %x37 = memref.load %a[%i37] : memref<?xf32>
                                                                              %o37 = arith.subi %i37, %i36 : index
                                                                              %y37 = memref.load %w[%o37] : memref<8xf32>
                                                                              %u38_0 = arith.addi %i37, %e0 : index
                                                                              %um38_0 = arith.minsi %n, %u38_0 : index
                                                                              %l38_1 = arith.subi %i36, %k1 : index
                                                                              %lm38_1 = arith.maxsi %i37, %l38_1 : index
                                                                              %u38_1 = arith.addi %i36, %e1 : index
                                                                              %um38_1 = arith.minsi %um38_0, %u38_1 : index
                                                                              %l38_2 = arith.subi %i35, %k2 : index
                                                                              %lm38_2 = arith.maxsi %lm38_1, %l38_2 : index
                                                                              %u38_2 = arith.addi %i35, %e2 : index
                                                                              %um38_2 = arith.minsi %um38_1, %u38_2 : index
                                                                              scf.for %i38 = %lm38_2 to %um38_2 step %c1 {
                                                                                %x38 = memref.load %a[%i38] : memref<?xf32>
                                                                                %o38 = arith.subi %i38, %i37 : index
                                                                                %y38 = memref.load %w[%o38] : memref<8xf32>
                                                                                %u39_0 = arith.addi %i38, %e0 : index
                                                                                %um39_0 = arith.minsi %n, %u39_0 : index
                                                                                %l39_1 = arith.subi %i37, %k1 : index
                                                                                %lm39_1 = arith.maxsi %i38, %l39_1 : index
                                                                                %u39_1 = arith.addi %i37, %e1 : index
                                                                                %um39_1 = arith.minsi %um39_0, %u39_1 : index
                                                                                %l39_2 = arith.subi %i36, %k2 : index
                                                                                %lm39_2 = arith.maxsi %lm39_1, %l39_2 : index
                                                                                %u39_2 = arith.addi %i36, %e2 : index
                                                                                %um39_2 = arith.minsi %um39_1, %u39_2 : index
                                                                                // CHECK: deep-nest.mlir:[[@LINE+1]]:81: exact: body max(0, min(min(min(dim(%arg0, 0), <argument 0 of scf.for at {{.*}}deep-nest.mlir:[[@LINE-14]]:79> + 4), <argument 0 of scf.for at {{.*}}deep-nest.mlir:[[@LINE-28]]:77> + 5), <argument 0 of scf.for at {{.*}}deep-nest.mlir:[[@LINE-42]]:75> + 6) - max(<argument 0 of scf.for at {{.*}}deep-nest.mlir:[[@LINE-42]]:75> - 2, max(<argument 0 of scf.for at {{.*}}deep-nest.mlir:[[@LINE-28]]:77> - 1, <argument 0 of scf.for at {{.*}}deep-nest.mlir:[[@LINE-14]]:79>))), condition max(0, min(min(min(dim(%arg0, 0), <argument 0 of scf.for at {{.*}}deep-nest.mlir:[[@LINE-14]]:79> + 4), <argument 0 of scf.for at {{.*}}deep-nest.mlir:[[@LINE-28]]:77> + 5), <argument 0 of scf.for at {{.*}}deep-nest.mlir:[[@LINE-42]]:75> + 6) - max(<argument 0 of scf.for at {{.*}}deep-nest.mlir:[[@LINE-42]]:75> - 2, max(<argument 0 of scf.for at {{.*}}deep-nest.mlir:[[@LINE-28]]:77> - 1, <argument 0 of scf.for at {{.*}}deep-nest.mlir:[[@LINE-14]]:79>))) + 1{{.*}}; assuming buffer-bytes-below-half-address-space
                                                                                scf.for %i39 = %lm39_2 to %um39_2 step %c1 {
                                                                                  %x39 = memref.load %a[%i39] : memref<?xf32>
                                                                                  %o39 = arith.subi %i39, %i38 : index
                                                                                  %y39 = memref.load %w[%o39] : memref<8xf32>
                                                                                  %z39 = memref.load %z[%o39] : memref<3xf32>
                                                                                }
                                                                              }
                                                                            }
                                                                          }
                                                                        }
                                                                      }
                                                                    }
                                                                  }
                                                                }
                                                              }
                                                            }
                                                          }
                                                        }
                                                      }
                                                    }
                                                  }
                                                }
                                              }
                                            }
                                          }
                                        }
                                      }
                                    }
                                  }
                                }
                              }
                            }
                          }
                        }
                      }
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
  }
  return
}
// CHECK: accesses: 79 proven, 1 unproven
// CHECK: deep-nest.mlir:[[@LINE-44]]:90 d0 memref.load: unproven
