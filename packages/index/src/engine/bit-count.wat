;; Bit counting for the query engine's bitsets (see bit-count.ts): WebAssembly has a 64-bit popcount
;; instruction that JavaScript lacks. Compiled to bit-count-wasm.ts by `npm run build:wasm -w
;; @tidings/index`; a test checks that the committed bytes are this file's.
(module
  (memory (export "memory") 1)

  ;; How many bits are set in both of the bitsets at `a` and `b`, `bytes` long (a multiple of 32).
  (func (export "countAnd") (param $a i32) (param $b i32) (param $bytes i32) (result i32)
    (local $end i32)
    (local $n i64)
    (local.set $end (i32.add (local.get $a) (local.get $bytes)))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $a) (local.get $end)))
        (local.set $n
          (i64.add
            (i64.add
              (i64.add (local.get $n)
                (i64.popcnt (i64.and (i64.load offset=0 (local.get $a)) (i64.load offset=0 (local.get $b)))))
              (i64.popcnt (i64.and (i64.load offset=8 (local.get $a)) (i64.load offset=8 (local.get $b)))))
            (i64.add
              (i64.popcnt (i64.and (i64.load offset=16 (local.get $a)) (i64.load offset=16 (local.get $b))))
              (i64.popcnt (i64.and (i64.load offset=24 (local.get $a)) (i64.load offset=24 (local.get $b)))))))
        (local.set $a (i32.add (local.get $a) (i32.const 32)))
        (local.set $b (i32.add (local.get $b) (i32.const 32)))
        (br $next)))
    (i32.wrap_i64 (local.get $n)))

  ;; How many bits are set in the bitset at `a`, `bytes` long (a multiple of 32).
  (func (export "count") (param $a i32) (param $bytes i32) (result i32)
    (local $end i32)
    (local $n i64)
    (local.set $end (i32.add (local.get $a) (local.get $bytes)))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $a) (local.get $end)))
        (local.set $n
          (i64.add
            (i64.add
              (i64.add (local.get $n) (i64.popcnt (i64.load offset=0 (local.get $a))))
              (i64.popcnt (i64.load offset=8 (local.get $a))))
            (i64.add
              (i64.popcnt (i64.load offset=16 (local.get $a)))
              (i64.popcnt (i64.load offset=24 (local.get $a))))))
        (local.set $a (i32.add (local.get $a) (i32.const 32)))
        (br $next)))
    (i32.wrap_i64 (local.get $n)))
)
