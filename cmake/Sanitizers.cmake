# The test build runs under AddressSanitizer and UBSan. -O0 keeps a Beast translation unit
# at about 11 s here instead of 34 s at -O1, which matters on a 2-core CI machine.
if(TGLINK_SANITIZE)
  set(TGLINK_SANITIZER_FLAGS -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
  add_compile_options(${TGLINK_SANITIZER_FLAGS} -O0 -g)
  add_link_options(${TGLINK_SANITIZER_FLAGS})
endif()
