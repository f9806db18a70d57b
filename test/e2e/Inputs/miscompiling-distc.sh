#!/bin/sh
# Stands in for distc in dist-differential-tester.test: compiles with
# $REAL_DISTC, but wrongly on purpose. At -O2 every arith.addf of the
# program becomes arith.subf (a miscompile: other values, the same at any
# rank count); at -O3 the "executable" never ends (a hang for the tester's
# time limit). Other levels compile as they are.
level= out= prev=
for a in "$@"; do
  case $a in -O*) level=$a ;; esac
  [ "$prev" = -o ] && out=$a
  case $a in *.mlir) src=$a ;; esac
  prev=$a
done
case $level in
  -O2)
    sed 's/arith\.addf/arith.subf/g' "$src" > "$out.wrong.mlir" &&
      exec "$REAL_DISTC" -O2 "$out.wrong.mlir" -o "$out" ;;
  -O3)
    printf '#!/bin/sh\nwhile :; do sleep 1; done\n' > "$out" && chmod +x "$out" ;;
  *)
    exec "$REAL_DISTC" "$@" ;;
esac
