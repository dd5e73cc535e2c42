"""TensorFlow 2.21's unary and binary elementwise APIs (its dispatch lists), by their tf.* names: what
``dispatch_for_unary_elementwise_apis`` / ``dispatch_for_binary_elementwise_apis`` reach (api_dispatch.py).
Read from TF 2.21's dispatch registry; names tapeflow does not have are skipped there."""

UNARY_ELEMENTWISE_APIS = (
    'bitwise.invert', 'cast', 'clip_by_value', 'debugging.check_numerics', 'dtypes.saturate_cast',
    'image.adjust_brightness', 'image.adjust_gamma', 'image.convert_image_dtype', 'image.random_brightness',
    'image.stateless_random_brightness', 'io.decode_base64', 'io.decode_compressed', 'io.encode_base64',
    'math.abs', 'math.acos', 'math.acosh', 'math.angle', 'math.asin', 'math.asinh', 'math.atan', 'math.atanh',
    'math.bessel_i0', 'math.bessel_i0e', 'math.bessel_i1', 'math.bessel_i1e', 'math.ceil', 'math.conj',
    'math.cos', 'math.cosh', 'math.digamma', 'math.erf', 'math.erfc', 'math.erfcinv', 'math.erfinv', 'math.exp',
    'math.expm1', 'math.floor', 'math.imag', 'math.is_finite', 'math.is_inf', 'math.is_nan', 'math.lgamma',
    'math.log', 'math.log1p', 'math.log_sigmoid', 'math.logical_not', 'math.ndtri', 'math.negative',
    'math.nextafter', 'math.real', 'math.reciprocal', 'math.reciprocal_no_nan', 'math.rint', 'math.round',
    'math.rsqrt', 'math.sigmoid', 'math.sign', 'math.sin', 'math.sinh', 'math.softplus',
    'math.special.bessel_j0', 'math.special.bessel_j1', 'math.special.bessel_k0', 'math.special.bessel_k0e',
    'math.special.bessel_k1', 'math.special.bessel_k1e', 'math.special.bessel_y0', 'math.special.bessel_y1',
    'math.special.dawsn', 'math.special.expint', 'math.special.fresnel_cos', 'math.special.fresnel_sin',
    'math.special.spence', 'math.sqrt', 'math.square', 'math.tan', 'math.tanh', 'nn.elu', 'nn.gelu',
    'nn.leaky_relu', 'nn.log_softmax', 'nn.relu', 'nn.relu6', 'nn.selu', 'nn.silu', 'nn.softsign', 'ones_like',
    'strings.as_string', 'strings.length', 'strings.lower', 'strings.regex_full_match', 'strings.regex_replace',
    'strings.strip', 'strings.substr', 'strings.to_hash_bucket', 'strings.to_hash_bucket_fast',
    'strings.to_hash_bucket_strong', 'strings.to_number', 'strings.unicode_script', 'strings.unicode_transcode',
    'strings.upper', 'substr', 'to_bfloat16', 'to_complex128', 'to_complex64', 'to_double', 'to_float',
    'to_int32', 'to_int64', 'zeros_like')

BINARY_ELEMENTWISE_APIS = (
    'bitwise.bitwise_and', 'bitwise.bitwise_or', 'bitwise.bitwise_xor', 'bitwise.left_shift',
    'bitwise.right_shift', 'div', 'dtypes.complex', 'floor_div', 'math.add', 'math.atan2', 'math.divide',
    'math.divide_no_nan', 'math.equal', 'math.floordiv', 'math.floormod', 'math.greater', 'math.greater_equal',
    'math.less', 'math.less_equal', 'math.logical_and', 'math.logical_or', 'math.logical_xor', 'math.maximum',
    'math.minimum', 'math.multiply', 'math.multiply_no_nan', 'math.not_equal', 'math.pow', 'math.scalar_mul',
    'math.squared_difference', 'math.subtract', 'math.truediv', 'math.xdivy', 'math.xlog1py', 'math.xlogy',
    'math.zeta', 'nn.sigmoid_cross_entropy_with_logits', 'realdiv', 'truncatediv', 'truncatemod')
