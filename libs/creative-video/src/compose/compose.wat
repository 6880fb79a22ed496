;; Frames composed from rasters with WebAssembly SIMD (compose.ts). Source of compose-wasm.ts: after an
;; edit run `npm run wasm` (tools/scripts/wasm.mjs).
;;
;; Bilinear resampling of an opaque RGBA raster into a frame: the frame's pixel (X, Y) is the raster
;; sampled at (sx(X), sy(Y)), a scale and a translation (the whole-frame motions: zoom, pan, Ken Burns).
;;
;; resample(src, srcStride, dst, width, height, xoff, xw, ytab, tmp)
;;   src      the raster's rows, `srcStride` bytes apart (16 spare bytes after the last row)
;;   dst      the frame: `height` rows of `width` * 4 bytes
;;   xoff     per frame column, i32: byte offset in a raster row of the left one of the two pixels blended
;;   xw       per frame column, 16 bytes: i16x8 weights (256 - w) x 4 then w x 4, w in 0..256 (the right pixel's)
;;   ytab     per frame row, two i32: byte offset of the upper raster row, and its lower neighbour's weight (0..256)
;;   tmp      one blended raster row (`srcStride` + 16 bytes)
;; Rows whose lower weight is 0 are read from the raster directly; the others are blended vertically into
;; `tmp` first (only the bytes the frame's columns read: xoff[0] to xoff[width - 1] + 8, in 16-byte steps).
;; Weights are 8-bit fixed point, rounded: (a * (256 - w) + b * w + 128) >> 8.
(module
  (memory (export "memory") 1)
  (func (export "resample") (param $src i32) (param $srcStride i32) (param $dst i32) (param $width i32) (param $height i32)
    (param $xoff i32) (param $xw i32) (param $ytab i32) (param $tmp i32)
    (local $y i32) (local $row i32) (local $wy i32) (local $base i32) (local $a i32) (local $b i32) (local $t i32)
    (local $end i32) (local $x i32) (local $o i32) (local $w i32) (local $d i32) (local $m v128)
    (local $wa v128) (local $wb v128) (local $start i32)
    (local.set $start (i32.and (i32.load (local.get $xoff)) (i32.const -16)))
    (local.set $end (i32.add (i32.load (i32.add (local.get $xoff) (i32.shl (i32.sub (local.get $width) (i32.const 1)) (i32.const 2)))) (i32.const 8)))
    (local.set $d (local.get $dst))
    (block $rowsDone
      (loop $rows
        (br_if $rowsDone (i32.ge_u (local.get $y) (local.get $height)))
        (local.set $row (i32.add (local.get $src) (i32.load (i32.add (local.get $ytab) (i32.shl (local.get $y) (i32.const 3))))))
        (local.set $wy (i32.load (i32.add (local.get $ytab) (i32.add (i32.shl (local.get $y) (i32.const 3)) (i32.const 4)))))
        (if (i32.eqz (local.get $wy))
          (then (local.set $base (local.get $row)))
          (else
            ;; tmp[start..end) = row * (256 - wy) + next row * wy
            (local.set $wa (i16x8.splat (i32.sub (i32.const 256) (local.get $wy))))
            (local.set $wb (i16x8.splat (local.get $wy)))
            (local.set $a (i32.add (local.get $row) (local.get $start)))
            (local.set $b (i32.add (local.get $a) (local.get $srcStride)))
            (local.set $t (i32.add (local.get $tmp) (local.get $start)))
            (block $vDone
              (loop $v
                (br_if $vDone (i32.ge_u (i32.sub (local.get $t) (local.get $tmp)) (local.get $end)))
                (v128.store (local.get $t)
                  (i8x16.narrow_i16x8_u
                    (i16x8.shr_u
                      (i16x8.add
                        (i16x8.add (i16x8.mul (v128.load8x8_u (local.get $a)) (local.get $wa)) (i16x8.mul (v128.load8x8_u (local.get $b)) (local.get $wb)))
                        (v128.const i16x8 128 128 128 128 128 128 128 128))
                      (i32.const 8))
                    (i16x8.shr_u
                      (i16x8.add
                        (i16x8.add (i16x8.mul (v128.load8x8_u offset=8 (local.get $a)) (local.get $wa)) (i16x8.mul (v128.load8x8_u offset=8 (local.get $b)) (local.get $wb)))
                        (v128.const i16x8 128 128 128 128 128 128 128 128))
                      (i32.const 8))))
                (local.set $a (i32.add (local.get $a) (i32.const 16)))
                (local.set $b (i32.add (local.get $b) (i32.const 16)))
                (local.set $t (i32.add (local.get $t) (i32.const 16)))
                (br $v)))
            (local.set $base (local.get $tmp))))
        ;; the row's pixels: two neighbours blended by the column's weights
        (local.set $o (local.get $xoff))
        (local.set $w (local.get $xw))
        (local.set $x (i32.const 0))
        (block $hDone
          (loop $h
            (br_if $hDone (i32.ge_u (local.get $x) (local.get $width)))
            (local.set $m (i16x8.mul (v128.load8x8_u (i32.add (local.get $base) (i32.load (local.get $o)))) (v128.load (local.get $w))))
            (v128.store32_lane 0 (local.get $d)
              (i8x16.narrow_i16x8_u
                (i16x8.shr_u
                  (i16x8.add
                    (i16x8.add (local.get $m) (i8x16.shuffle 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7 (local.get $m) (local.get $m)))
                    (v128.const i16x8 128 128 128 128 128 128 128 128))
                  (i32.const 8))
                (local.get $m)))
            (local.set $o (i32.add (local.get $o) (i32.const 4)))
            (local.set $w (i32.add (local.get $w) (i32.const 16)))
            (local.set $d (i32.add (local.get $d) (i32.const 4)))
            (local.set $x (i32.add (local.get $x) (i32.const 1)))
            (br $h)))
        (local.set $y (i32.add (local.get $y) (i32.const 1)))
        (br $rows))))
  ;; over(dst, dstStride, width, rows, rowtab, alpha)
  ;;   Paints a premultiplied RGBA raster, faded to `alpha` (0..255), over `rows` frame rows of `width`
  ;;   pixels starting at `dst` (rows `dstStride` bytes apart), source-over. Each frame row blends two
  ;;   raster rows (a raster a fraction of a pixel down is sampled between rows), given per row in `rowtab`
  ;;   as three i32s: the upper row's byte address, the lower row's, and the lower row's weight (0..256).
  ;;   Two pixels at a time: with an odd `width` the pixel after the last is read and written back as it
  ;;   was, its source a transparent padding pixel (compose.ts pads raster rows to an even width; frame
  ;;   buffers have 16 spare bytes): x * 255 comes back exactly from (x + 128 + ((x + 128) >> 8)) >> 8.
  (func (export "over") (param $dst i32) (param $dstStride i32) (param $width i32) (param $rows i32) (param $rowtab i32) (param $alpha i32)
    (local $r i32) (local $a i32) (local $b i32) (local $d i32) (local $end i32) (local $t i32)
    (local $wa v128) (local $wb v128) (local $al v128) (local $s v128) (local $x v128)
    (local.set $al (i16x8.splat (local.get $alpha)))
    (block $rowsDone
      (loop $rowLoop
        (br_if $rowsDone (i32.ge_u (local.get $r) (local.get $rows)))
        (local.set $t (i32.add (local.get $rowtab) (i32.mul (local.get $r) (i32.const 12))))
        (local.set $a (i32.load (local.get $t)))
        (local.set $b (i32.load offset=4 (local.get $t)))
        (local.set $wb (i16x8.splat (i32.load offset=8 (local.get $t))))
        (local.set $wa (i16x8.sub (v128.const i16x8 256 256 256 256 256 256 256 256) (local.get $wb)))
        (local.set $d (i32.add (local.get $dst) (i32.mul (local.get $r) (local.get $dstStride))))
        (local.set $end (i32.add (local.get $d) (i32.shl (local.get $width) (i32.const 2))))
        (block $pxDone
          (loop $px
            (br_if $pxDone (i32.ge_u (local.get $d) (local.get $end)))
            ;; the two rows blended, rounded
            (local.set $s
              (i16x8.shr_u
                (i16x8.add
                  (i16x8.add (i16x8.mul (v128.load8x8_u (local.get $a)) (local.get $wa)) (i16x8.mul (v128.load8x8_u (local.get $b)) (local.get $wb)))
                  (v128.const i16x8 128 128 128 128 128 128 128 128))
                (i32.const 8)))
            ;; faded: s * alpha / 255, rounded
            (local.set $x (i16x8.add (i16x8.mul (local.get $s) (local.get $al)) (v128.const i16x8 128 128 128 128 128 128 128 128)))
            (local.set $s (i16x8.shr_u (i16x8.add (local.get $x) (i16x8.shr_u (local.get $x) (i32.const 8))) (i32.const 8)))
            ;; plus destination * (255 - source alpha) / 255
            (local.set $x
              (i16x8.add
                (i16x8.mul (v128.load8x8_u (local.get $d))
                  (i16x8.sub (v128.const i16x8 255 255 255 255 255 255 255 255)
                    (i8x16.shuffle 6 7 6 7 6 7 6 7 14 15 14 15 14 15 14 15 (local.get $s) (local.get $s))))
                (v128.const i16x8 128 128 128 128 128 128 128 128)))
            (v128.store64_lane 0 (local.get $d)
              (i8x16.narrow_i16x8_u
                (i16x8.add (local.get $s) (i16x8.shr_u (i16x8.add (local.get $x) (i16x8.shr_u (local.get $x) (i32.const 8))) (i32.const 8)))
                (local.get $s)))
            (local.set $a (i32.add (local.get $a) (i32.const 8)))
            (local.set $b (i32.add (local.get $b) (i32.const 8)))
            (local.set $d (i32.add (local.get $d) (i32.const 8)))
            (br $px)))
        (local.set $r (i32.add (local.get $r) (i32.const 1)))
        (br $rowLoop))))
)
