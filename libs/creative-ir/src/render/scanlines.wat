;; PNG scanlines from opaque RGBA rows, with WebAssembly SIMD: each row becomes a filter byte and the
;; RGB bytes (alpha dropped), "up"-filtered (each byte minus the byte above, mod 256) or unfiltered.
;; Source of scanlines-wasm.ts: after an edit run `npm run wasm` (tools/scripts/wasm.mjs).
;;
;; scanlines(src, dst, width, rows, aboveFirst, up)
;;   src         RGBA rows, `width` * 4 bytes each; when `aboveFirst`, the row above the first one
;;               lies just before `src` (the first row is filtered against it)
;;   dst         output: `rows` scanlines of `width` * 3 + 1 bytes
;;   up          1: "up" filter (except the first row when it has no row above), 0: no filter
;; Four pixels (16 bytes) are loaded and 12 bytes kept, but 16 stored: a row's last store may run up
;; to 16 bytes past its end (into the next scanline, written after it, or past `dst`'s end), and its
;; last load up to 12 bytes past the row. The caller leaves 16 spare bytes after `src` and `dst`.
(module
  (memory (export "memory") 1)
  (func (export "scanlines") (param $src i32) (param $dst i32) (param $width i32) (param $rows i32) (param $aboveFirst i32) (param $up i32)
    (local $r i32) (local $s i32) (local $p i32) (local $d i32) (local $end i32) (local $rowBytes i32) (local $stride i32)
    (local.set $rowBytes (i32.shl (local.get $width) (i32.const 2)))
    (local.set $stride (i32.add (i32.mul (local.get $width) (i32.const 3)) (i32.const 1)))
    (block $done
      (loop $row
        (br_if $done (i32.ge_u (local.get $r) (local.get $rows)))
        (local.set $s (i32.add (local.get $src) (i32.mul (local.get $r) (local.get $rowBytes))))
        (local.set $p (i32.sub (local.get $s) (local.get $rowBytes)))
        (local.set $end (i32.add (local.get $s) (local.get $rowBytes)))
        (local.set $d (i32.add (local.get $dst) (i32.mul (local.get $r) (local.get $stride))))
        (if (i32.and (local.get $up) (i32.or (local.get $aboveFirst) (i32.ne (local.get $r) (i32.const 0))))
          (then
            (i32.store8 (local.get $d) (i32.const 2))
            (local.set $d (i32.add (local.get $d) (i32.const 1)))
            (block $b (loop $px
              (br_if $b (i32.ge_u (local.get $s) (local.get $end)))
              (v128.store (local.get $d)
                (i8x16.swizzle
                  (i8x16.sub (v128.load (local.get $s)) (v128.load (local.get $p)))
                  (v128.const i8x16 0 1 2 4 5 6 8 9 10 12 13 14 255 255 255 255)))
              (local.set $s (i32.add (local.get $s) (i32.const 16)))
              (local.set $p (i32.add (local.get $p) (i32.const 16)))
              (local.set $d (i32.add (local.get $d) (i32.const 12)))
              (br $px))))
          (else
            (i32.store8 (local.get $d) (i32.const 0))
            (local.set $d (i32.add (local.get $d) (i32.const 1)))
            (block $b (loop $px
              (br_if $b (i32.ge_u (local.get $s) (local.get $end)))
              (v128.store (local.get $d)
                (i8x16.swizzle (v128.load (local.get $s))
                  (v128.const i8x16 0 1 2 4 5 6 8 9 10 12 13 14 255 255 255 255)))
              (local.set $s (i32.add (local.get $s) (i32.const 16)))
              (local.set $d (i32.add (local.get $d) (i32.const 12)))
              (br $px)))))
        (local.set $r (i32.add (local.get $r) (i32.const 1)))
        (br $row)))))
