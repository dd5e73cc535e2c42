"""The name TensorFlow's graph gives the tensor a public API call returns, and how its shape follows.

In a tf.function trace TensorFlow names an op after the Python API's name scope or, without one,
after the op's type: ``x + y`` is 'add' where ``tf.add(x, y)`` is 'Add', ``x / y`` and
``tf.divide`` are both 'truediv', ``tf.reduce_sum`` is 'Sum'. A name 'scope/Op' is an API whose
last op sits inside its own name scope (``tf.einsum``: 'einsum/Einsum'). Measured with TF 2.21 by
printing each call's result inside a tf.function (/work/notes/progs/tracenames/probe_ops.py,
probe2.py). APIs not listed here keep printing their values in a trace.

Each row is (graph name, shape rule, the public paths under ``framework`` that make it); the shape
rules are framework/traced_op_shapes.py's ('outputs': a call returning a list or tuple of tensors,
the op's outputs 'split:0', 'split:1', ...). A name 'sub,Square,Mean' is a call that makes the
top-level ops 'sub' and 'Square' before its result 'Mean' (keras.losses.mean_squared_error), as
the graph's op list shows (notes/progs/tracenames/graph_ops.py).
"""
from . import keras_composite_names, keras_median_names, keras_op_variants, keras_take_along_names, lookup_graph_names

# tf.searchsorted: the sequence's and the values' shapes read, both made matrices, searched, shaped back
_SEARCH_SORTED = 'Shape,strided_slice,Shape,strided_slice,Reshape,Reshape,LowerBound,Shape,Reshape'

# tf.math.special's functions (bessel_i0e also tf.math's): each op inside the function's own name scope,
# 'bessel_i0e/BesselI0e', then 'bessel_i0e_1/BesselI0e'; a given name is the scope ('bb/BesselI0e') (TF 2.21,
# notes/progs/kerasops8/spec.py)
_SPECIAL_ROWS = ('bessel_i0/BesselI0', 'bessel_i0e/BesselI0e', 'bessel_i1/BesselI1', 'bessel_i1e/BesselI1e',
                 'bessel_j0/BesselJ0', 'bessel_j1/BesselJ1', 'bessel_k0/BesselK0', 'bessel_k0e/BesselK0e',
                 'bessel_k1/BesselK1', 'bessel_k1e/BesselK1e', 'bessel_y0/BesselY0', 'bessel_y1/BesselY1',
                 'dawsn/Dawsn', 'expint/Expint', 'fresnel_cos/FresnelCos', 'fresnel_sin/FresnelSin', 'spence/Spence')

ROWS = (
    # operators: the Python operator's name scope ('add', 'mul', ...), else the op type
    ('add', 'broadcast', 'Tensor.__add__', 'Tensor.__radd__'),
    ('sub', 'broadcast', 'Tensor.__sub__', 'Tensor.__rsub__'),
    ('mul', 'broadcast', 'Tensor.__mul__', 'Tensor.__rmul__'),
    ('truediv', 'broadcast', 'Tensor.__truediv__', 'Tensor.__rtruediv__', 'divide', 'math.divide', 'truediv'),
    ('floordiv', 'broadcast', 'Tensor.__floordiv__', 'Tensor.__rfloordiv__'),
    ('mod', 'broadcast', 'Tensor.__mod__', 'Tensor.__rmod__'),
    ('pow', 'broadcast', 'Tensor.__pow__', 'Tensor.__rpow__'),
    ('matmul', 'matmul', 'Tensor.__matmul__', 'Tensor.__rmatmul__'),
    ('Neg', 'same', 'Tensor.__neg__', 'negative', 'math.negative'),
    ('Abs', 'same', 'Tensor.__abs__', 'abs', 'math.abs'),
    ('Less', 'broadcast', 'Tensor.__lt__', 'less', 'math.less'),
    ('LessEqual', 'broadcast', 'Tensor.__le__', 'less_equal', 'math.less_equal'),
    ('Greater', 'broadcast', 'Tensor.__gt__', 'greater', 'math.greater'),
    ('GreaterEqual', 'broadcast', 'Tensor.__ge__', 'greater_equal', 'math.greater_equal'),
    ('Equal', 'broadcast', 'Tensor.__eq__', 'equal', 'math.equal'),
    ('NotEqual', 'broadcast', 'Tensor.__ne__', 'not_equal', 'math.not_equal'),
    ('strided_slice', 'index', 'Tensor.__getitem__', 'Variable.__getitem__'),
    ('LogicalNot', 'same', 'Tensor.__invert__'),
    ('and', 'broadcast', 'Tensor.__and__', 'Tensor.__rand__'),
    ('or', 'broadcast', 'Tensor.__or__', 'Tensor.__ror__'),
    ('xor', 'broadcast', 'Tensor.__xor__', 'Tensor.__rxor__'),
    # binary functions
    ('Add', 'broadcast', 'add', 'math.add'),
    ('Sub', 'broadcast', 'subtract', 'math.subtract'),
    ('Mul', 'broadcast', 'multiply', 'math.multiply'),
    ('Pow', 'broadcast', 'pow', 'math.pow'),
    ('Maximum', 'broadcast', 'maximum', 'math.maximum'),
    ('Minimum', 'broadcast', 'minimum', 'math.minimum'),
    ('SquaredDifference', 'broadcast', 'math.squared_difference'),
    ('LogicalAnd', 'broadcast', 'math.logical_and', 'logical_and'),
    ('LogicalOr', 'broadcast', 'math.logical_or', 'logical_or'),
    ('LogicalXor', 'broadcast', 'math.logical_xor'),
    ('BitwiseAnd', 'broadcast', 'bitwise.bitwise_and'),
    ('BitwiseOr', 'broadcast', 'bitwise.bitwise_or'),
    ('BitwiseXor', 'broadcast', 'bitwise.bitwise_xor'),
    ('LeftShift', 'broadcast', 'bitwise.left_shift'),
    ('RightShift', 'broadcast', 'bitwise.right_shift'),
    ('Invert', 'same', 'bitwise.invert'),
    ('div_no_nan', 'broadcast', 'math.divide_no_nan'),
    ('FloorMod', 'broadcast', 'math.floormod'),
    ('floordiv', 'broadcast', 'math.floordiv', 'floordiv'),
    ('Atan2', 'broadcast', 'math.atan2'),
    ('AddN', 'broadcast', 'math.add_n', 'add_n'),
    ('logistic_loss', 'broadcast', 'nn.sigmoid_cross_entropy_with_logits'),
    ('softmax_cross_entropy_with_logits/Reshape_2', 'last_axis', 'nn.softmax_cross_entropy_with_logits'),
    ('SparseSoftmaxCrossEntropyWithLogits/SparseSoftmaxCrossEntropyWithLogits', 'known',
     'nn.sparse_softmax_cross_entropy_with_logits'),
    ('SelectV2', 'broadcast', 'where'),
    ('MatMul', 'matmul', 'matmul', 'linalg.matmul'),
    # elementwise functions of one tensor
    ('Square', 'same', 'square', 'math.square'),
    ('Sqrt', 'same', 'sqrt', 'math.sqrt'),
    ('Rsqrt', 'same', 'math.rsqrt'),
    ('Reciprocal', 'same', 'math.reciprocal'),
    ('Exp', 'same', 'exp', 'math.exp'),
    ('Log', 'same', 'math.log'),
    ('Log1p', 'same', 'math.log1p'),
    ('Sin', 'same', 'sin', 'math.sin'),
    ('Cos', 'same', 'cos', 'math.cos'),
    ('Expm1', 'same', 'math.expm1'),
    ('Tan', 'same', 'math.tan'),
    ('Sinh', 'same', 'math.sinh'),
    ('Acos', 'same', 'math.acos'),
    ('Rint', 'same', 'math.rint'),
    ('IsInf', 'same', 'math.is_inf'),
    ('Lgamma', 'same', 'math.lgamma'),
    ('Digamma', 'same', 'math.digamma'),
    # more of tf.math's elementwise ops: the op's type, or its function's own name scope ('erfinv/Erfinv')
    # (TF 2.21, notes/progs/traceshapes4/q1.py; a tf.cosh of an open-length op printed its value before)
    ('Cosh', 'same', 'math.cosh'),
    ('Asin', 'same', 'math.asin'),
    ('Atan', 'same', 'math.atan'),
    ('Asinh', 'same', 'math.asinh'),
    ('Acosh', 'same', 'math.acosh'),
    ('Atanh', 'same', 'math.atanh'),
    ('Erfc', 'same', 'math.erfc'),
    ('erfinv/Erfinv', 'same', 'math.erfinv'),
    ('ndtri/Ndtri', 'same', 'math.ndtri'),
    ('xdivy/Xdivy', 'broadcast', 'math.xdivy'),
    ('xlog1py/Xlog1py', 'broadcast', 'math.xlog1py'),
    ('NextAfter', 'broadcast', 'math.nextafter'),
    ('Igamma', 'broadcast', 'math.igamma'),
    ('Igammac', 'broadcast', 'math.igammac'),
    ('Zeta', 'broadcast', 'math.zeta'),
    ('Polygamma', 'broadcast', 'math.polygamma'),
    # (and more of tf.math and tf.linalg: TF 2.21, notes/progs/traceshapes4/q6.py, q7.py)
    ('Betainc', 'broadcast', 'math.betainc'),
    ('scalar_mul', 'broadcast', 'math.scalar_mul', 'scalar_mul'),
    ('InvertPermutation', 'same', 'math.invert_permutation', 'invert_permutation'),
    ('is_non_decreasing/All', 'fixed', 'math.is_non_decreasing'),
    ('lbeta/sub', 'last_axis', 'math.lbeta'),
    ('MatrixInverse', 'same', 'linalg.inv'),
    ('Cross', 'broadcast', 'linalg.cross'),
    ('TensorScatterAdd', 'same', 'tensor_scatter_nd_add'),
    ('in_top_k/InTopKV2', 'hits', 'math.in_top_k', 'nn.in_top_k'),     # (q10.py: traced_count_shapes)
    ('histogram_fixed_width', 'histogram', 'histogram_fixed_width'),
    ('Selu', 'same', 'nn.selu'),
    ('Xlogy', 'broadcast', 'math.xlogy'),
    ('reciprocal_no_nan', 'same', 'math.reciprocal_no_nan'),
    ('multiply_no_nan', 'broadcast', 'math.multiply_no_nan'),
    ('CumulativeLogsumexp', 'same', 'math.cumulative_logsumexp'),
    ('saturate_cast', 'same', 'dtypes.saturate_cast', 'saturate_cast'),
    ('Floor', 'same', 'floor', 'math.floor'),
    ('Round', 'same', 'round', 'math.round'),
    ('Sign', 'same', 'sign', 'math.sign'),
    ('IsNan', 'same', 'math.is_nan'),
    ('Tanh', 'same', 'tanh', 'math.tanh', 'nn.tanh'),
    ('Sigmoid', 'same', 'sigmoid', 'math.sigmoid', 'nn.sigmoid'),
    ('Relu', 'same', 'nn.relu'),
    ('Relu6', 'same', 'nn.relu6'),
    ('LeakyRelu', 'same', 'nn.leaky_relu'),
    ('Elu', 'same', 'nn.elu'),
    ('Softplus', 'same', 'nn.softplus', 'math.softplus'),
    ('Softmax', 'same', 'nn.softmax'),
    ('LogSoftmax', 'same', 'nn.log_softmax'),
    ('Cast', 'same', 'cast', 'dtypes.cast'),
    ('AsString', 'same', 'strings.as_string', 'as_string'),
    ('StringToNumber', 'same', 'strings.to_number'),
    ('StringUpper', 'same', 'strings.upper'),
    ('StringLower', 'same', 'strings.lower'),
    ('StringStrip', 'same', 'strings.strip'),
    ('StaticRegexReplace', 'same', 'strings.regex_replace'),     # (TF's op for Python-string pattern and rewrite)
    ('StringToHashBucketFast', 'same', 'strings.to_hash_bucket_fast'),
    ('StringToHashBucket', 'same', 'strings.to_hash_bucket'),
    ('StringToHashBucketStrong', 'same', 'strings.to_hash_bucket_strong'),
    ('StringLength', 'same', 'strings.length'),
    ('Substr', 'same', 'strings.substr'),
    ('StaticRegexFullMatch', 'same', 'strings.regex_full_match'),     # (RegexFullMatch for a tensor pattern: variant)
    ('UnicodeScript', 'same', 'strings.unicode_script'),
    ('UnicodeTranscode', 'same', 'strings.unicode_transcode'),
    ('Identity', 'same', 'identity', 'Variable.read_value'),
    ('Cumsum', 'same', 'math.cumsum'),
    ('Cumprod', 'same', 'math.cumprod'),
    ('Erf', 'same', 'math.erf'),
    ('Ceil', 'same', 'math.ceil'),
    ('IsFinite', 'same', 'math.is_finite'),
    ('LogicalNot', 'same', 'math.logical_not', 'logical_not'),
    ('Softsign', 'same', 'math.softsign', 'nn.softsign'),
    ('LogSigmoid', 'same', 'math.log_sigmoid'),
    ('Gelu/mul_2', 'same', 'nn.gelu'),
    ('BiasAdd', 'same', 'nn.bias_add'),
    ('Conv2D', 'conv', 'nn.conv2d'),        # (traced shapes: traced_window_shapes._conv; errors: graph_conv_errors)
    ('conv1d/Squeeze', 'conv', 'nn.conv1d'),
    # tf.nn.convolution: 'convolution' over (N, H, W, C) and (N, D, H, W, C), 'convolution/Squeeze' over (N, W, C)
    # (TF 2.21, notes/progs/gradfuzz28/tc.py; errors: graph_conv_errors.convolution_error)
    ('convolution', 'conv', 'nn.convolution'),
    # pooling (traced shapes: traced_window_shapes.pooled; errors: graph_conv_errors.pool_error; TF 2.21,
    # notes/progs/gradfuzz27/p1.py, p2.py): tf.nn.max_pool2d opens the scope 'MaxPool2d', avg_pool2d 'AvgPool2D'
    # (tf.nn.max_pool / avg_pool open the scope of the pool of their input's rank: 'MaxPool1d', 'AvgPool', ...)
    ('MaxPool2d', 'pool', 'nn.max_pool2d', 'nn.max_pool'),
    ('AvgPool2D', 'pool', 'nn.avg_pool2d'),
    ('AvgPool', 'pool', 'nn.avg_pool'),
    ('MaxPool3D', 'pool', 'nn.max_pool3d'),
    ('AvgPool3D', 'pool', 'nn.avg_pool3d'),
    ('MaxPool1d/Squeeze', 'pool', 'nn.max_pool1d'),
    ('AvgPool1D/Squeeze', 'pool', 'nn.avg_pool1d'),
    # (output, argmax): the op's two outputs 'MaxPoolWithArgmax:0' / ':1' (TF 2.21, notes/progs/gradfuzz28/ta.py)
    ('MaxPoolWithArgmax', 'outputs', 'nn.max_pool_with_argmax'),
    ('StopGradient', 'same', 'stop_gradient'),
    ('TensorScatterUpdate', 'same', 'tensor_scatter_nd_update'),
    ('dropout/SelectV2', 'same', 'nn.dropout'),
    ('RandomShuffle', 'same', 'random.shuffle'),
    ('clip_by_value', 'same', 'clip_by_value'),
    ('clip_by_norm', 'same', 'clip_by_norm'),
    ('global_norm/global_norm', 'fixed', 'linalg.global_norm', 'global_norm'),
    # (clipped list, norm): named by traced_ops._name_global_clip
    ('clip_by_global_norm', 'known', 'clip_by_global_norm'),
    # gradients: unnamed (their names follow the gradient graph's last op), their sources' shapes noted
    # (traced_ops._note_gradient_shapes)
    ('gradient_tape', 'known', 'GradientTape.gradient'),
    ('l2_normalize', 'same', 'nn.l2_normalize', 'math.l2_normalize'),
    ('zeros_like', 'same', 'zeros_like'),
    ('Roll', 'same', 'roll'),
    ('ones_like', 'same', 'ones_like'),
    # reductions (one without an axis first makes the axes constant 'Const')
    ('Sum', 'reduce', 'reduce_sum', 'math.reduce_sum'),
    ('Mean', 'reduce', 'reduce_mean', 'math.reduce_mean'),
    ('Max', 'reduce', 'reduce_max', 'math.reduce_max'),
    ('Min', 'reduce', 'reduce_min', 'math.reduce_min'),
    ('Prod', 'reduce', 'reduce_prod', 'math.reduce_prod'),
    ('All', 'reduce', 'reduce_all', 'math.reduce_all'),
    ('Any', 'reduce', 'reduce_any', 'math.reduce_any'),
    ('EuclideanNorm', 'reduce', 'math.reduce_euclidean_norm'),
    # several outputs: 'split:0', 'split:1', ...
    ('split', 'outputs', 'split'),
    ('unstack', 'outputs', 'unstack'),
    ('TopKV2', 'outputs', 'math.top_k', 'nn.top_k'),
    ('Unique', 'outputs', 'unique'),
    ('UniqueWithCounts', 'outputs', 'unique_with_counts'),     # (TF 2.21, notes/progs/traceshapes4/q8.py)
    # Python run by the graph: TensorFlow knows neither the rank nor the lengths of what it returns
    ('EagerPyFunc', 'opaque', 'py_function'),
    ('PyFunc', 'opaque', 'numpy_function'),
    # tf.lookup tables: the op sits in the table's scope ('None_Lookup/SelectV2', lookup_graph_names); a
    # MutableHashTable's find has an unknown shape and runs on the host, as TF's graph shows
    ('table_lookup', 'same', 'framework.lookup:_Table.lookup', 'framework.lookup:_Table.__getitem__'),
    ('table_find', 'opaque', 'framework.lookup:MutableHashTable.lookup'),
    ('table_size', 'same', 'framework.lookup:_Table.size', 'framework.lookup:StaticVocabularyTable.size'),
    # another tf.function called in the trace ('StatefulPartitionedCall' when its graph reads a variable or draws)
    ('PartitionedCall', 'call', 'framework.function:Function.__call__'),
    # composites whose last op sits in their own name scope: no axes constant outside it
    ('reduce_std/Sqrt', 'reduced', 'math.reduce_std'),
    # framing (signal.frame's last op is Reshape_3 where every input length is known, variant() below)
    ('stft/rfft', 'frames', 'signal.stft'),
    ('frame/Reshape_4', 'frames', 'signal.frame'),
    ('reduce_variance/Mean_1', 'reduced', 'math.reduce_variance'),
    ('count_nonzero/Sum', 'reduced', 'math.count_nonzero'),
    ('norm/Squeeze', 'reduced', 'norm', 'linalg.norm'),
    ('ReduceLogSumExp', 'reduced', 'reduce_logsumexp', 'math.reduce_logsumexp'),
    # keras.ops, keras.activations and keras.losses as Keras 3's TensorFlow backend runs them
    ('Sum', 'reduce', 'keras.ops.sum'),
    ('Mean', 'reduce', 'keras.ops.mean'),
    ('Max', 'reduce', 'keras.ops.max'),
    ('Min', 'reduce', 'keras.ops.min'),
    ('Add', 'broadcast', 'keras.ops.add'),
    ('Sub', 'broadcast', 'keras.ops.subtract'),
    ('Mul', 'broadcast', 'keras.ops.multiply'),
    ('truediv', 'broadcast', 'keras.ops.divide'),
    ('Maximum', 'broadcast', 'keras.ops.maximum'),
    ('Minimum', 'broadcast', 'keras.ops.minimum'),
    ('Greater', 'broadcast', 'keras.ops.greater'),
    ('Equal', 'broadcast', 'keras.ops.equal'),
    ('NotEqual', 'broadcast', 'keras.ops.not_equal'),
    ('Less', 'broadcast', 'keras.ops.less'),
    ('LessEqual', 'broadcast', 'keras.ops.less_equal'),
    ('GreaterEqual', 'broadcast', 'keras.ops.greater_equal'),
    ('LogicalAnd', 'broadcast', 'keras.ops.logical_and'),
    ('LogicalOr', 'broadcast', 'keras.ops.logical_or'),
    ('LogicalXor', 'broadcast', 'keras.ops.logical_xor'),
    ('floordiv', 'broadcast', 'keras.ops.floor_divide'),
    ('FloorMod', 'broadcast', 'keras.ops.mod'),
    ('truediv', 'broadcast', 'keras.ops.true_divide'),
    ('Const,Pow', 'broadcast', 'keras.ops.power'),
    ('SelectV2', 'broadcast', 'keras.ops.where'),
    ('MatMul', 'matmul', 'keras.ops.matmul'),
    ('Square', 'same', 'keras.ops.square'),
    ('Sqrt', 'same', 'keras.ops.sqrt'),
    ('Exp', 'same', 'keras.ops.exp'),
    ('Log', 'same', 'keras.ops.log'),
    ('Abs', 'same', 'keras.ops.abs'),
    ('Neg', 'same', 'keras.ops.negative'),
    ('Tanh', 'same', 'keras.ops.tanh', 'keras.activations.tanh'),
    ('Sigmoid', 'same', 'keras.ops.sigmoid', 'keras.activations.sigmoid'),
    ('Relu', 'same', 'keras.ops.relu', 'keras.activations.relu'),
    ('Elu', 'same', 'keras.ops.elu'),
    ('LeakyRelu', 'same', 'keras.ops.leaky_relu'),
    ('Softplus', 'same', 'keras.ops.softplus'),
    ('LogSoftmax', 'same', 'keras.ops.log_softmax'),
    ('Log1p', 'same', 'keras.ops.log1p'),
    ('Floor', 'same', 'keras.ops.floor'),
    ('Round', 'same', 'keras.ops.round'),
    ('Size', 'fixed', 'keras.ops.size'),
    # (keras_op_variants: a Cast first where Keras converts the dtype; flip's axis=None a range first)
    ('ReverseV2', 'same', 'keras.ops.flip'),
    ('Cumsum', 'cumulative', 'keras.ops.cumsum'),
    ('Cumprod', 'cumulative', 'keras.ops.cumprod'),
    ('Prod', 'reduce', 'keras.ops.prod'),
    ('Any', 'reduce', 'keras.ops.any'),
    ('All', 'reduce', 'keras.ops.all'),
    ('LogicalNot', 'same', 'keras.ops.logical_not'),
    ('Sign', 'same', 'keras.ops.sign'),
    ('Tile', 'tile', 'keras.ops.tile'),
    ('Repeat/Reshape_1', 'repeat', 'keras.ops.repeat'),        # (axis=None: a Reshape flattens x first)
    ('eye/diag', 'constant', 'keras.ops.eye'),
    ('Const,Pad', 'padded', 'keras.ops.pad'),       # (Keras converts pad_width first: the Const)
    ('transpose', 'moved', 'keras.ops.swapaxes', 'keras.ops.moveaxis'),
    ('Mean', 'reduce', 'keras.ops.average'),
    ('concat', 'appended', 'keras.ops.append'),     # (axis=None: both flattened by Reshapes first)
    ('concat', 'hstack', 'keras.ops.hstack'),
    ('range', 'range', 'keras.ops.arange'),
    ('sort/Neg_1', 'same', 'keras.ops.sort'),
    ('argsort/TopKV2:1', 'same', 'keras.ops.argsort'),
    ('split', 'outputs', 'keras.ops.split'),       # (a list of split points: SplitV after its sizes, not named)
    ('concat', 'concat', 'keras.ops.vstack'),      # (of matrices: tapeflow stacks vectors as numpy, Keras joins them)
    ('Reciprocal', 'same', 'keras.ops.reciprocal'),
    ('Relu6', 'same', 'keras.ops.relu6'),
    ('Sin', 'same', 'keras.ops.sin'),
    ('Cos', 'same', 'keras.ops.cos'),
    ('Tan', 'same', 'keras.ops.tan'),
    ('Asin', 'same', 'keras.ops.arcsin'),
    ('Sinh', 'same', 'keras.ops.sinh'),
    ('Ceil', 'same', 'keras.ops.ceil'),
    ('Expm1', 'same', 'keras.ops.expm1'),
    ('Rsqrt', 'same', 'keras.ops.rsqrt'),
    ('Erf', 'same', 'keras.ops.erf'),
    ('IsNan', 'same', 'keras.ops.isnan'),
    ('IsInf', 'same', 'keras.ops.isinf'),
    ('IsFinite', 'same', 'keras.ops.isfinite'),
    ('MatrixBandPart', 'same', 'keras.ops.tril', 'keras.ops.triu'),
    ('zeros_like', 'same', 'keras.ops.zeros_like'),
    ('ones_like', 'same', 'keras.ops.ones_like'),
    ('TopKV2', 'outputs', 'keras.ops.top_k'),
    ('Equal,Bitcast,Const,BitwiseAnd,Less,LogicalAnd,SelectV2,ArgMin', 'argreduce', 'keras.ops.argmin'),
    # (Keras 3 maps -0.0 to 0.0 before a float argmax)
    ('Equal,Bitcast,Const,BitwiseAnd,Less,LogicalAnd,SelectV2,ArgMax', 'argreduce', 'keras.ops.argmax'),
    ('Softmax', 'same', 'keras.ops.softmax', 'keras.activations.softmax'),
    ('Cast', 'same', 'keras.ops.cast'),
    ('clip_by_value', 'same', 'keras.ops.clip'),
    ('Reshape', 'reshape', 'keras.ops.reshape'),
    ('transpose', 'transpose', 'keras.ops.transpose'),
    ('concat', 'concat', 'keras.ops.concatenate'),
    ('stack', 'stack', 'keras.ops.stack'),
    ('ExpandDims', 'expand', 'keras.ops.expand_dims'),
    ('Squeeze', 'known', 'keras.ops.squeeze'),
    ('Const', 'constant', 'keras.ops.convert_to_tensor'),
    ('ones', 'constant', 'keras.ops.ones'),
    # keras.ops built from several TF ops (keras_composite_names: the list made, by dtype and arguments)
    ('Log,Const,Log,truediv', 'same', 'keras.ops.log2', 'keras.ops.log10'),
    ('Pow', 'same', 'keras.ops.exp2'),
    ('Const,Const,truediv,mul', 'same', 'keras.ops.deg2rad', 'keras.ops.rad2deg'),
    ('Sign,Abs,Pow,mul', 'same', 'keras.ops.cbrt'),
    ('Bitcast,Const,BitwiseAnd,Less', 'same', 'keras.ops.signbit'),
    ('Less,Ceil,Floor,SelectV2', 'same', 'keras.ops.trunc'),
    ('Atan2', 'broadcast', 'keras.ops.arctan2'),
    ('diag_part', 'diagonal', 'keras.ops.diagonal'),
    ('Reshape', 'flattened', 'keras.ops.ravel'),
    ('Max', 'reduce', 'keras.ops.amax'),
    ('Min', 'reduce', 'keras.ops.amin'),
    ('Identity', 'same', 'keras.ops.copy'),
    ('StopGradient', 'same', 'keras.ops.stop_gradient'),
    ('Softsign', 'same', 'keras.ops.softsign', 'keras.activations.softsign'),
    ('LogSigmoid', 'same', 'keras.ops.log_sigmoid', 'keras.activations.log_sigmoid'),
    ('Selu', 'same', 'keras.ops.selu', 'keras.activations.selu'),
    ('erfinv/Erfinv', 'same', 'keras.ops.erfinv'),
    ('Const,mul,Equal,ones_like,Sin,truediv,SelectV2', 'same', 'keras.ops.sinc'),
    ('Imag/zeros_like', 'same', 'keras.ops.imag'),
    ('Less,zeros_like,Greater,ones_like,SelectV2,SelectV2', 'broadcast', 'keras.ops.heaviside'),
    ('sub,IsNan,add,Maximum,Abs,Neg,Exp,Log1p,add,SelectV2', 'broadcast', 'keras.ops.logaddexp'),
    ('Const,Max,Const,Min,sub', 'reduced', 'keras.ops.ptp'),
    ('count_nonzero/Cast_1', 'reduced', 'keras.ops.count_nonzero'),
    ('ones_like', 'same', 'keras.ops.isreal'),
    ('strided_slice,strided_slice,Sub', 'differenced', 'keras.ops.diff'),
    ('Acos', 'same', 'keras.ops.arccos'),
    ('Acosh', 'same', 'keras.ops.arccosh'),
    ('Asinh', 'same', 'keras.ops.arcsinh'),
    ('Atan', 'same', 'keras.ops.arctan'),
    ('Atanh', 'same', 'keras.ops.arctanh'),
    ('Cosh', 'same', 'keras.ops.cosh'),
    # Keras 3's newer activations (ops_nn_extra._Activation: each one's call a closure over its name)
    ('Tanh,sub', 'same', 'keras.ops.tanh_shrink', 'keras.activations.tanh_shrink'),
    ('clip_by_value', 'same', 'keras.ops.hard_tanh', 'keras.activations.hard_tanh'),
    ('Const,Square,add,Sqrt,add,truediv', 'same', 'keras.ops.squareplus', 'keras.activations.squareplus'),
    ('Maximum,Minimum,truediv,Expm1,mul,add', 'same', 'keras.ops.celu', 'keras.activations.celu'),
    ('Abs,Greater,zeros_like,SelectV2', 'same', 'keras.ops.hard_shrink', 'keras.activations.hard_shrink'),
    ('Greater,sub,Less,add,zeros_like,SelectV2,SelectV2', 'same', 'keras.ops.soft_shrink',
     'keras.activations.soft_shrink'),
    ('LessEqual,zeros_like,Less,add,Pow,mul,SelectV2,SelectV2', 'same', 'keras.ops.sparse_plus',
     'keras.activations.sparse_plus'),
    ('LessEqual,Const,GreaterEqual,Const,add,mul,SelectV2,SelectV2', 'same', 'keras.ops.sparse_sigmoid',
     'keras.activations.sparse_sigmoid'),
    ('Greater,SelectV2', 'same', 'keras.ops.threshold', 'keras.activations.threshold'),
    ('split,Sigmoid,mul', 'halved', 'keras.ops.glu', 'keras.activations.glu'),
    ('sort,Cumsum,Shape,strided_slice,add,range,Reshape,sub,truediv,sub,Greater,SelectV2,Cast,Sum,Sum,sub,truediv,'
     'sub,Maximum', 'same', 'keras.ops.sparsemax', 'keras.activations.sparsemax'),
    ('Const,add,Relu6,Const,truediv', 'same', 'keras.ops.hard_sigmoid', 'keras.activations.hard_sigmoid'),
    ('Const,add,Relu6,Const,truediv,mul', 'same', 'keras.ops.hard_silu', 'keras.activations.hard_silu'),
    ('beta,mul,Sigmoid,mul,Identity,IdentityN', 'same', 'keras.ops.silu', 'keras.activations.silu'),
    ('Gelu/mul_3', 'same', 'keras.ops.gelu', 'keras.activations.gelu'),
    ('ReduceLogSumExp', 'reduced', 'keras.ops.logsumexp'),
    ('reduce_variance/Mean_1', 'reduced', 'keras.ops.var'),
    ('reduce_std/Sqrt', 'reduced', 'keras.ops.std'),
    ('mul,Sum,Sqrt', 'reduced', 'keras.ops.norm'),
    (keras_composite_names.NAN_TO_NUM, 'same', 'keras.ops.nan_to_num'),
    ('Slice', 'sliced', 'keras.ops.slice'),
    ('diag', 'diagonal', 'keras.ops.diag'),
    ('Reshape,Reshape,mul', 'outer', 'keras.ops.outer'),
    ('BroadcastTo', 'known', 'keras.ops.broadcast_to'),
    ('Const,BroadcastTo', 'known', 'keras.ops.full'),
    ('UnsortedSegmentSum', 'segments', 'keras.ops.segment_sum'),
    ('one_hot', 'one_hot', 'keras.ops.one_hot'),
    (keras_composite_names.TAKE, 'gather', 'keras.ops.take'),
    ('Tensordot', 'dotted', 'keras.ops.dot'),
    ('einsum/Einsum', 'einsum', 'keras.ops.einsum'),
    ('logistic_loss', 'broadcast', 'keras.ops.binary_crossentropy'),
    (keras_composite_names.LINSPACE, 'known', 'keras.ops.linspace'),
    ('Reshape,Reshape,Tensordot', 'fixed', 'keras.ops.vdot'),
    (keras_composite_names.INNER, 'inner', 'keras.ops.inner'),
    (keras_composite_names.ROT90, 'rotated', 'keras.ops.rot90'),
    (keras_take_along_names.TAKE_ALONG, 'along', 'keras.ops.take_along_axis'),
    (keras_median_names.MEDIAN, 'median', 'keras.ops.median', 'keras.ops.quantile'),
    ('Cast,Where,unstack,Cast', 'coordinates', 'keras.ops.nonzero'),      # (a Cast per axis: one op per output)
    ('sub,Abs,Abs,mul,add,LessEqual', 'broadcast', 'keras.ops.isclose'),
    ('Shape,strided_slice,strided_slice,zeros_like,SelectV2,Sum', 'fixed', 'keras.ops.trace'),
    ('zeros', 'constant', 'keras.ops.zeros'),
    ('div_no_nan', 'fixed', 'keras.metrics.Mean.result'),      # (Mean and the metrics built on it)
    ('compile_loss/{loss}/div_no_nan', 'fixed', 'keras.Model.compute_loss'),
    ('{name}/div_no_nan', 'fixed', 'keras.losses.Loss.__call__'),     # a loss object's call (see _loss_object_name)
    ('div_no_nan', 'fixed', 'keras.metrics.Metric.__call__'),     # (update_state, then result(): Mean's or RMSE's)
    # Keras 3's ops.sqrt(super().result()): Mean's div_no_nan, then Sqrt (notes/progs/seedvariants4/rmse9.py)
    ('div_no_nan,Sqrt', 'fixed', 'keras.metrics.RootMeanSquaredError.result'),
    ('sub,Square,Mean', 'last_axis', 'keras.losses.mean_squared_error'),
    # the cross-entropy functions, logits or not (q/qfnloss.py): the op their computation ends with
    ('SparseSoftmaxCrossEntropyWithLogits/SparseSoftmaxCrossEntropyWithLogits', 'known',
     'keras.losses.sparse_categorical_crossentropy'),
    ('softmax_cross_entropy_with_logits/Reshape_2', 'known', 'keras.losses.categorical_crossentropy'),
    ('Mean', 'known', 'keras.losses.binary_crossentropy'),
    ('sub,Abs,Mean', 'last_axis', 'keras.losses.mean_absolute_error'),
    # shapes and creation
    ('Reshape', 'reshape', 'reshape'),
    ('transpose', 'transpose', 'transpose'),
    ('concat', 'concat', 'concat'),
    ('stack', 'stack', 'stack'),
    # a TensorArray's stack (the RNN tutorials' loops): its own scope, rows open for a dynamic size
    ('TensorArrayV2Stack/TensorListStack', 'array_stack', 'TensorArray.stack'),
    # an element read, or gathered: shaped by the element shape the array knows (unknown where none is)
    ('TensorArrayV2Read/TensorListGetItem', 'array_read', 'framework.ops.graph_tensor_array:GraphTensorArray.read'),
    ('TensorListGather', 'array_read', 'framework.ops.graph_tensor_array:GraphTensorArray.gather'),
    # its concat: rows open, the element shape's other axes (an unknown rank where it knows none)
    ('TensorListConcatV2', 'array_concat', 'framework.ops.graph_tensor_array:GraphTensorArray.concat'),
    # an iterator's next element (next(it), it.get_next()): one op, a component per output, shaped by the
    # iterator's element_spec (a batch the dataset may leave short: None) (notes/progs/autograph5/t2.py)
    ('IteratorGetNext', 'element', 'framework.data.dataset_iterator:DatasetIterator.__next__',
     'framework.data.dataset_iterator:DatasetIterator.get_next'),
    # its size: a dynamic one's TensorListLength; a fixed one converts its Python size, a Const (variant)
    ('TensorListLength', 'known', 'TensorArray.size'),
    ('ExpandDims', 'expand', 'expand_dims'),
    ('Squeeze', 'known', 'squeeze'),
    ('Tile', 'tile', 'tile'),
    ('Repeat/Reshape_1', 'repeat', 'repeat'),      # (one count: repeat_with_axis's last Reshape; see variant)
    ('ReverseV2', 'same', 'reverse'),
    ('Pad', 'known', 'pad'),
    ('Slice', 'sliced', 'slice'),
    ('BroadcastTo', 'known', 'broadcast_to'),
    ('sort/Neg_1', 'same', 'sort'),
    ('argsort/TopKV2:1', 'same', 'argsort'),
    ('boolean_mask/GatherV2', 'masked', 'boolean_mask'),
    ('linspace/Slice', 'known', 'linspace'),
    ('eye/diag', 'constant', 'eye'),
    ('random_normal', 'constant', 'random.normal'),
    ('random_uniform', 'constant', 'random.uniform'),
    # keras.random's draws (a GAN's train_step: normal(shape=(tf.shape(x)[0], latent_dim)) is (None, 128))
    ('stateless_random_normal', 'constant', 'keras.random.normal'),
    ('stateless_random_uniform', 'constant', 'keras.random.uniform', 'keras.random.randint'),
    ('stateless_truncated_normal', 'constant', 'keras.random.truncated_normal'),
    ('Const', 'constant', 'constant', 'convert_to_tensor'),
    ('ReadVariableOp', 'same', 'Variable._read_as_value'),
    ('zeros', 'constant', 'zeros'),
    ('ones', 'constant', 'ones'),
    ('Fill', 'constant', 'fill'),
    ('range', 'range', 'range'),
    ('Shape', 'fixed', 'shape'),
    ('Size', 'fixed', 'size'),
    ('Rank', 'fixed', 'rank'),
    ('ArgMax', 'argreduce', 'argmax', 'math.argmax'),
    ('ArgMin', 'argreduce', 'argmin', 'math.argmin'),
    ('GatherV2', 'gather', 'gather'),
    ('GatherNd', 'known', 'gather_nd'),
    ('matrix_transpose/transpose', 'known', 'linalg.matrix_transpose'),
    ('SequenceMask/Less', 'known', 'sequence_mask'),
    ('categorical/Multinomial', 'known', 'random.categorical'),
    ('one_hot', 'one_hot', 'one_hot'),
    ('einsum/Einsum', 'tf_einsum', 'einsum', 'linalg.einsum'),
    ('EnsureShape', 'ensured', 'ensure_shape'),       # (a set_shape-like check: the given lengths close open ones)
    # a scalar string split into its pieces (a vector input gives a RaggedTensor, not named): as many
    # as the string holds, so the length stays open (None) in the graph (keras.io captcha OCR's map)
    ('UnicodeSplit/UnicodeEncode/UnicodeEncode/UnicodeEncode', 'pieces', 'strings.unicode_split'),
    ('UnicodeDecode/UnicodeDecode:1', 'pieces', 'strings.unicode_decode'),
    ('StringsByteSplit/RaggedGetItem/strided_slice_5', 'pieces', 'strings.bytes_split'),
    ('StringSplit/RaggedGetItem/strided_slice_5', 'pieces', 'strings.split'),
    ('StringNGrams', 'pieces', 'strings.ngrams'),      # (its last op by the input's rank: variant)
    # image files read in a Dataset.map (the image-loading tutorials): an image's height and width are
    # only known when the graph runs, its channels where given, (None, None, 3) (notes/progs/tfdata3/q_decode.py)
    ('ReadFile', 'known', 'io.read_file'),
    ('DecodePng', 'decoded', 'io.decode_png', 'image.decode_png'),
    ('DecodeJpeg', 'decoded', 'io.decode_jpeg', 'image.decode_jpeg'),
    ('decode_image/DecodeImage', 'decoded', 'io.decode_image', 'image.decode_image'),
    ('DecodeRaw', 'decoded', 'io.decode_raw'),
    # a WAV file's (audio, sample_rate): (samples, channels) open unless desired_samples / desired_channels
    # give them, the rate a scalar (keras.io's CTC speech recognition map; notes/progs/kerasexamples16/p18_wav_trace.py)
    ('DecodeWav', 'wav', 'audio.decode_wav'),
    # what a map does to one decoded image next (named for a single image only: q_imgnames.py)
    ('convert_image', 'same', 'image.convert_image_dtype'),
    ('flip_left_right/ReverseV2', 'same', 'image.flip_left_right'),
    ('flip_up_down/ReverseV2', 'same', 'image.flip_up_down'),
    ('rgb_to_grayscale', 'grayscale', 'image.rgb_to_grayscale'),
    ('per_image_standardization', 'same', 'image.per_image_standardization'),
    ('resize/Squeeze', 'resized', 'image.resize'),
    ('central_crop/Slice', 'cropped', 'image.central_crop'),
    # a parsed VarLenFeature made dense (the TFRecord tutorials): as long as the record's list (q_varlen2.py)
    ('zeros,SparseToDense', 'densified', 'sparse.to_dense'),     # (no default_value: tf.zeros([]) made first)
    ('dense_to_sparse', 'sparse_source', 'sparse.from_dense'),     # (its dense shape noted for to_dense)
    ('SparseReorder', 'sparse_reordered', 'sparse.reorder'),       # (sparse_traced_shapes: its ops, to_dense's shape)
    # more of TF's APIs in a trace (notes/progs/tutorials59/probes/ops2.py, graphops.py: TF 2.21's names,
    # shapes and the ops each call makes): elementwise, segments, counts, matrices, strings
    ('beta,mul,Sigmoid,mul,Identity,IdentityN', 'same', 'nn.silu', 'nn.swish'),   # (its custom gradient's)
    ('MatrixBandPart', 'same', 'linalg.band_part'),
    ('Trace', 'matrix_trace', 'linalg.trace'),
    ('MatrixDeterminant', 'matrix_trace', 'linalg.det'),      # (one number per matrix: its batch lengths)
    ('logdet/mul', 'matrix_trace', 'linalg.logdet'),
    ('LogMatrixDeterminant', 'determinants', 'linalg.slogdet'),      # (sign 'LogMatrixDeterminant:0', log |det| ':1')
    # (its output ':0' and segments ':1', of the input's shape; along the last axis, decreasing: variant() below)
    ('IsotonicRegression', 'outputs', 'nn.isotonic_regression'),
    ('ExtractImagePatches', 'patches', 'image.extract_patches'),
    ('diag', 'diagonal_matrix', 'linalg.diag'),
    ('diag_part', 'matrix_diagonal', 'linalg.diag_part'),
    ('Bitcast', 'bitcast', 'bitcast'),
    ('ScatterNd', 'known', 'scatter_nd'),
    ('UnravelIndex', 'known', 'unravel_index'),
    (_SEARCH_SORTED, 'known', 'searchsorted'),
    ('polyval/add', 'polynomial', 'math.polyval'),
    ('histogram_fixed_width_bins/Reshape_1', 'same', 'histogram_fixed_width_bins'),
    ('UnsortedSegmentSum', 'segments', 'math.unsorted_segment_sum'),
    ('UnsortedSegmentMax', 'segments', 'math.unsorted_segment_max'),
    ('UnsortedSegmentMin', 'segments', 'math.unsorted_segment_min'),
    ('UnsortedSegmentProd', 'segments', 'math.unsorted_segment_prod'),
    ('UnsortedSegmentMean/truediv', 'segments', 'math.unsorted_segment_mean'),
    ('UnsortedSegmentJoin', 'segments', 'strings.unsorted_segment_join'),
    ('SegmentSum', 'counted', 'math.segment_sum'),
    ('SegmentMax', 'counted', 'math.segment_max'),
    ('SegmentMin', 'counted', 'math.segment_min'),
    ('SegmentMean', 'counted', 'math.segment_mean'),
    ('SegmentProd', 'counted', 'math.segment_prod'),
    ('bincount/DenseBincount', 'counted', 'math.bincount', 'bincount'),
    # rows routed by index values (traced_routing_shapes; TF 2.21, notes/progs/traceshapes4/q3.py): with
    # num_segments the sparse segment ops are '...WithNumSegments' (variant)
    ('SparseSegmentSum', 'sparse_segments', 'sparse.segment_sum'),
    ('SparseSegmentMean', 'sparse_segments', 'sparse.segment_mean'),
    ('SparseSegmentSqrtN', 'sparse_segments', 'sparse.segment_sqrt_n'),
    ('DynamicPartition', 'outputs', 'dynamic_partition'),
    ('DynamicStitch', 'stitched', 'dynamic_stitch'),
    ('confusion_matrix/ScatterNd', 'counted', 'math.confusion_matrix'),
    ('moments/Squeeze|Squeeze_1', 'scoped_outputs', 'nn.moments'),     # (keepdims: 'moments/mean|variance')
    ('meshgrid/mul', 'scoped_outputs', 'meshgrid'),           # (a grid per input: mul, mul_1, ...)
    ('RaggedToTensor/RaggedTensorToTensor', 'ragged_dense', 'framework.ragged.ragged_tensor:RaggedTensor.to_tensor'),
    ('StringJoin', 'broadcast', 'strings.join'),
    ('StringFormat', 'fixed', 'strings.format'),
    ('EncodeBase64', 'same', 'io.encode_base64'),
    ('DecodeBase64', 'same', 'io.decode_base64'),
) + tuple((row, 'same', 'math.special.' + row.partition('/')[0]) for row in _SPECIAL_ROWS)

# Keras 3 computes these in floats: an integer argument is cast first (another op, not measured here)
FLOAT_ONLY = frozenset(('keras.ops.mean', 'keras.ops.divide', 'keras.ops.power', 'keras.ops.sqrt', 'keras.ops.exp',
                        'keras.ops.log', 'keras.ops.log1p', 'keras.ops.tanh', 'keras.ops.sigmoid', 'keras.ops.softmax',
                        'keras.ops.log_softmax', 'keras.ops.softplus', 'keras.ops.elu', 'keras.ops.leaky_relu',
                        'keras.ops.argmax', 'keras.ops.isnan', 'keras.ops.softsign', 'keras.ops.log_sigmoid',
                        'keras.ops.selu', 'keras.ops.erfinv', 'keras.activations.softsign',
                        'keras.activations.log_sigmoid', 'keras.activations.selu',
                        'keras.ops.tanh_shrink', 'keras.ops.hard_tanh', 'keras.ops.squareplus', 'keras.ops.celu',
                        'keras.ops.hard_shrink', 'keras.ops.soft_shrink', 'keras.ops.sparse_plus',
                        'keras.ops.sparse_sigmoid', 'keras.ops.threshold', 'keras.ops.sparsemax',
                        'keras.activations.tanh_shrink', 'keras.activations.hard_tanh', 'keras.activations.squareplus',
                        'keras.activations.celu', 'keras.activations.hard_shrink', 'keras.activations.soft_shrink',
                        'keras.activations.sparse_plus', 'keras.activations.sparse_sigmoid',
                        'keras.activations.threshold', 'keras.activations.sparsemax',
                        'keras.ops.glu', 'keras.activations.glu',
                        'keras.ops.isinf', 'keras.ops.isfinite', 'keras.activations.tanh', 'keras.activations.sigmoid',
                        'keras.activations.softmax', 'keras.activations.relu', 'keras.losses.mean_squared_error',
                        'keras.losses.mean_absolute_error'))


# ``&``, ``|`` and ``^`` open a name scope of their own: on bool tensors their last op takes the scope's name
# ('and': LogicalAnd, 'xor': its final LogicalAnd), on integers the bitwise op sits inside it ('and/BitwiseAnd')
# (TF 2.21, notes/progs/errors48/c11.txt)
OPERATOR_SCOPES = {'and': 'BitwiseAnd', 'or': 'BitwiseOr', 'xor': 'BitwiseXor'}


_ONE_IMAGE_NAMES = frozenset(('convert_image', 'flip_left_right/ReverseV2', 'flip_up_down/ReverseV2',
                              'rgb_to_grayscale', 'per_image_standardization', 'resize/Squeeze'))


def _pad_op(parameters):
    """tf.pad's op (TF 2.21's array_ops.pad): MirrorPad for mode 'REFLECT' / 'SYMMETRIC' (any case), Pad for a
    constant 0 that is no tensor, else PadV2."""
    import numpy as np
    from .tensor import Tensor
    if str(parameters.get('mode', 'CONSTANT')).upper() in ('REFLECT', 'SYMMETRIC'):
        return 'MirrorPad'
    value = parameters.get('constant_values', 0)
    if isinstance(value, Tensor) or np.ndim(value) != 0:
        return 'PadV2'
    return 'Pad' if value == 0 else 'PadV2'


def variant(name, parameters, result):
    """The name a call makes where its arguments change the op (None: not one measured): a
    variable given to ``convert_to_tensor`` is read ('ReadVariableOp'); ``tf.random.uniform`` over
    [0, 1) leaves out the scaling ops, so its result is the RandomUniform op inside its scope;
    ``~`` of an integer tensor is a bitwise op ('Invert')."""
    from .variable import Variable
    if name == 'einsum/Einsum' and 'equation' in parameters:       # (tf.einsum: its name is in **kwargs)
        return _tf_einsum_name(parameters, result)
    if name in keras_op_variants.NAMES and keras_op_variants.is_keras_call(parameters):
        return keras_op_variants.variant(name, parameters, result)
    if keras_composite_names.is_keras_call(name, parameters):
        return keras_composite_names.variant(name, parameters, result)
    if name in lookup_graph_names.KINDS:
        return lookup_graph_names.op_name(name, parameters)
    if name == 'Pad':
        return _pad_op(parameters)
    if name.startswith('SparseSegment') and parameters.get('num_segments') is not None:
        return name + 'WithNumSegments'
    if name == 'StaticRegexFullMatch' and not isinstance(parameters.get('pattern'), str):
        return 'RegexFullMatch'         # a tensor pattern: the op that reads it when the graph runs
    if name == 'StringNGrams':          # a vector's n-grams come out of a ragged row, a matrix's reshaped
        return name + ('/Reshape' if result._data.ndim > 1 else '/RaggedGetItem/strided_slice_5')
    if name == 'LogicalNot' and result._data.dtype.kind != 'b':
        return 'Invert' if 'self' in parameters else None      # ~ of an integer tensor is tf.bitwise.invert
    if name in OPERATOR_SCOPES and result._data.dtype.kind != 'b':
        return '%s/%s' % (name, OPERATOR_SCOPES[name])      # an integer's bitwise op, inside the operator's scope
    if name == 'TensorListLength' and not parameters['self'].dynamic_size:
        parameters.pop('name', None)    # (TF's convert_to_tensor(size) takes no name: 'Const', 'Const_1', ...)
        return 'Const'
    if name == 'SequenceMask/Less' and result._data.dtype != bool:
        return 'SequenceMask/Cast_1'        # another dtype: the comparison cast after it (its maxlen's Cast first)
    if name == 'strided_slice':
        # each scalar tensor index ends its slice at index + 1, an 'add' made first (x[i]: add, then
        # strided_slice; the body of 'for i in tf.range(n)' reading input_data[i] prints 'while/add_1' next)
        from .tensor import Tensor
        index = parameters.get('index')
        if isinstance(index, Tensor) and index._data.dtype == bool:
            return 'boolean_mask/GatherV2'      # x[mask] is tf.boolean_mask: its scope, no strided_slice
        parts = index if isinstance(index, tuple) else (index,)
        adds = sum(1 for part in parts if isinstance(part, Tensor) and part._data.ndim == 0)
        return ','.join(['add'] * adds + [name])
    if name.startswith('compile_loss/'):
        return _compiled_loss_name(name, parameters)
    if name.startswith('{name}/'):
        return _loss_object_name(parameters)
    if name in ('global_norm/global_norm', 'clip_by_global_norm') and (
            parameters.get('name') or parameters.get('use_norm') is not None):
        return None             # (measured without a name or a given norm)
    if 'y_true' in parameters and name in _CROSSENTROPY_ENDS:
        # (measured on the last axis, without label smoothing or an ignored class: those add ops after)
        plain = parameters.get('axis', -1) == -1 and not parameters.get('label_smoothing') \
            and parameters.get('ignore_class') is None
        return name if plain else None
    if name == 'div_no_nan' and 'self' in parameters:
        from .keras import metrics      # (Metric.__call__ returns result(): named where that is Mean's or RMSE's)
        result_fn = type(parameters['self']).result
        if result_fn is metrics.RootMeanSquaredError.result:
            return 'div_no_nan,Sqrt'
        return name if result_fn is metrics.Mean.result else None
    if name == 'Gelu/mul_2' and parameters.get('approximate'):
        return None             # (measured for the exact form only)
    if name == 'Repeat/Reshape_1' and 'input' in parameters and isinstance(parameters.get('name') or '', str):
        # tf.repeat: a given name is the scope, made unique ('rp/boolean_mask/GatherV2', 'rp_1/Reshape_1')
        scope = parameters.pop('name', None) or 'Repeat'
        return scope + '/' + ('Reshape_1' if _one_count(parameters.get('repeats')) else _counts_repeat_op(parameters))
    if name == 'Repeat/Reshape_1' and (parameters.get('name') or not _one_count(parameters.get('repeats'))):
        return None             # (keras.ops.repeat: measured for one count only)
    if name in ('sort/Neg_1', 'argsort/TopKV2:1') and 'values' in parameters \
            and parameters.get('direction') == 'ASCENDING':
        return _ascending_sort_name(name, parameters['values'], parameters.get('axis'))     # tf.sort / tf.argsort
    if name == 'concat' and 'xs' in parameters and 'axis' not in parameters and any(
            getattr(getattr(t, '_data', None), 'ndim', 0) < result._data.ndim for t in parameters['xs']):
        return None             # (keras.ops.vstack of vectors, made rows: see its row)
    if name == 'split' and not isinstance(parameters.get('indices_or_sections', 1), int):
        return None             # (keras.ops.split at points: their sizes computed first, then SplitV)
    if name == 'concat' and 'x1' in parameters and parameters.get('axis') is None:
        return 'Reshape,Reshape,concat'     # (keras.ops.append flattens both first)
    if name == 'Repeat/Reshape_1' and keras_op_variants.is_keras_call(parameters) and parameters.get('axis') is None:
        return 'Reshape,' + name        # (keras.ops.repeat flattens x first)
    if name in ('MaxPool2d', 'AvgPool') and getattr(result, 'ndim', 4) != 4:      # tf.nn.max_pool / avg_pool
        name = {('MaxPool2d', 3): 'MaxPool1d/Squeeze', ('MaxPool2d', 5): 'MaxPool3D',
                ('AvgPool', 3): 'AvgPool1D/Squeeze', ('AvgPool', 5): 'AvgPool3D'}.get((name, result.ndim))
        if name is None:
            return None
    if name == 'convolution' and 'filters' in parameters:
        name = _convolution_name(parameters, result)
        if name == 'convolution/Squeeze' and parameters.get('name'):
            return _given_scope('convolution', parameters, result)      # ('cv/Squeeze')
        if name is None:
            return None
    if name in ('conv1d/Squeeze', 'MaxPool1d/Squeeze', 'AvgPool1D/Squeeze', 'convolution/Squeeze') \
            and parameters.get('name'):
        return None             # (TF opens the given name as the scope, 'cc/Squeeze'; the naming gives 'cc')
    if name == 'Relu' and 'negative_slope' in parameters:       # keras.activations.relu
        plain = not parameters['negative_slope'] and parameters.get('threshold') in (0, 0.0, None)
        if not plain or parameters.get('max_value') not in (None, 6, 6.0):
            return None
        return 'Relu' if parameters.get('max_value') is None else 'Relu6'
    if name == 'frame/Reshape_4' and _all_lengths_known(parameters.get('signal')):
        return 'frame/Reshape_3'    # (TF 2.21's frame reshapes once less when no length is open)
    if name in _SCOPED_ROWS and parameters.get('name'):
        return _given_scope(name, parameters, result)
    if name == 'resize/Squeeze' and getattr(result, 'ndim', None) == 4:
        return _batch_resize_name(parameters)
    if name in _ONE_IMAGE_NAMES and getattr(result, 'ndim', None) != 3:
        return None                 # (measured on one image; a batch's ops differ: resize/ResizeBilinear)
    if name == 'central_crop/Slice' and result is parameters.get('image'):
        return None                 # (a fraction of 1: the image itself)
    if name == 'convert_image' and result is parameters.get('image'):
        return None                 # (the same dtype: TF returns an Identity, opening no scope)
    if name == 'resize/Squeeze' and parameters.get('preserve_aspect_ratio'):
        return None
    if name == _SEARCH_SORTED:      # side='right': the same ops around an UpperBound
        return name if parameters.get('side', 'left') == 'left' else name.replace('LowerBound', 'UpperBound')
    if name == 'moments/Squeeze|Squeeze_1':
        if parameters.get('shift') is not None or result[0]._data.dtype.name == 'float16':
            return None     # (float16 is computed in float32 and cast back: other ops)
        return 'moments/mean|variance' if parameters.get('keepdims') else name
    if name == 'meshgrid/mul':
        return 'meshgrid/' + '|'.join(['mul'] + ['mul_%d' % k for k in range(1, len(result))]) if result else None
    if name == 'polyval/add':       # a Horner step per coefficient after the first: add, add_1, ...
        count = len(parameters['coeffs']) if type(parameters.get('coeffs')) in (list, tuple) else 0
        if count < 2:       # one coefficient: the polynomial is that constant, made in the scope
            return 'polyval/coeff_0' if count else None
        return name + ('_%d' % (count - 2) if count > 2 else '')
    if name == 'IsotonicRegression' and not _isotonic_in_place(parameters):
        return None
    if name == 'bincount/DenseBincount' and parameters.get('axis') is not None:
        return None                 # (measured without an axis)
    if name in ('diag', 'diag_part') and (parameters.get('k', 0) != 0 or parameters.get('num_rows', -1) != -1
                                          or parameters.get('num_cols', -1) != -1):
        return None                 # (measured for the main diagonal)
    if name == 'zeros,SparseToDense' and parameters.get('default_value') is not None:
        return 'SparseToDense'
    if name == 'DecodeRaw' and parameters.get('fixed_length') is not None:
        return 'DecodePaddedRaw'    # (its length is known: fixed_length bytes)
    if name == 'SelectV2' and all(parameters.get(k) is None for k in ('x', 'y', 'x1', 'x2')):
        return 'Where'          # tf.where(condition): the coordinates of the true elements
    if name == 'Const' and isinstance(parameters.get('value'), Variable):
        return 'ReadVariableOp'
    if name == 'random_uniform' and _is(parameters.get('minval', 0), 0) and _is(parameters.get('maxval'), None, 1):
        return 'random_uniform/RandomUniform'
    return name


def _tf_einsum_name(parameters, result):
    """tf.einsum / tf.linalg.einsum: its Einsum op in the 'einsum' scope, one op per pair contracted for three or
    more operands ('einsum/Einsum_1' for three), a given name the scope ('ee/Einsum'), NumPy operands converted
    inside it (TF 2.21, notes/progs/kerasops11/ein.py). None where the traced shape is not computed (an operand of
    unknown shape), rather than print a shape TF does not give."""
    from . import trace_names, traced_shape_rules
    operands, given = parameters.get('inputs') or (), (parameters.get('kwargs') or {}).get('name')
    if not operands or (given is not None and (not isinstance(given, str) or '/' in given)):
        return None
    if traced_shape_rules.tf_einsum_shape(parameters, trace_names.current(), result) is None:
        return None
    return '%s/Einsum%s' % (given or 'einsum', '_%d' % (len(operands) - 2) if len(operands) > 2 else '')


def _isotonic_in_place(parameters):
    """Whether tf.nn.isotonic_regression runs its one op on the input tensor as it is (decreasing, along the last
    axis): TF 2.21 negates it first otherwise ('Neg', then 'Neg_1' for the output) or swaps the axis last ('Rank',
    'Sub', 'range', 'concat', 'transpose' ops, the outputs transposed back), not measured op by op here
    (notes/progs/kerasops11/iso_ops.py)."""
    from .tensor import Tensor
    from .variable import Variable
    inputs, axis = parameters.get('inputs'), parameters.get('axis', -1)
    if not isinstance(inputs, Tensor) or isinstance(inputs, Variable) or parameters.get('decreasing', True) is not True:
        return False
    return axis == -1 or (type(axis) is int and axis == inputs._data.ndim - 1)


def _convolution_name(parameters, result):
    """tf.nn.convolution's last op: the Conv2D / Conv3D itself ('convolution'), after a 1-D input's Conv2D its
    Squeeze ('convolution/Squeeze'), after a dilated one's op its BatchToSpaceND ('convolution/BatchToSpaceND');
    None where not measured (a dilated one given a name, channels first)."""
    rank = getattr(result, 'ndim', 0) - 2
    if rank not in (1, 2, 3) or parameters.get('data_format') not in (None, ('NWC', 'NHWC', 'NDHWC')[rank - 1]):
        return None
    dilations = parameters.get('dilations')
    if dilations is not None and type(dilations) is not int and not (
            type(dilations) in (list, tuple) and all(type(d) is int for d in dilations)):
        return None
    dilated = dilations is not None and any(d != 1 for d in ([dilations] if type(dilations) is int else dilations))
    if dilated:
        return None if parameters.get('name') else 'convolution/BatchToSpaceND'
    return 'convolution/Squeeze' if rank == 1 else 'convolution'


# rows whose result sits in the call's own scope (or follows ops named by default): a given name is the scope
_SCOPED_ROWS = frozenset(_SPECIAL_ROWS + ('logdet/mul', 'polyval/add', 'histogram_fixed_width_bins/Reshape_1', 'bincount/DenseBincount',
                          'confusion_matrix/ScatterNd', 'UnsortedSegmentMean/truediv', 'moments/Squeeze|Squeeze_1',
                          'meshgrid/mul', 'RaggedToTensor/RaggedTensorToTensor', 'resize/Squeeze', _SEARCH_SORTED))

def _given_scope(name, parameters, result):
    """A scoped row's op list where the call was given a name: TF opens it as the scope ('mm/Squeeze' for
    tf.nn.moments(x, axes, name='mm'), then 'mm_1/Squeeze'; in a name scope 'blk/mm/Squeeze'); tf.searchsorted
    gives it to its LowerBound, its result the Reshape still (notes/progs/tutorials59/probes/given_names.py).
    The name is taken out of the parameters, so the result is not named after it."""
    given = parameters['name']
    if not isinstance(given, str) or '/' in given:
        return None                 # (a scope path: not measured)
    del parameters['name']
    resolved = variant(name, parameters, result)
    if resolved is None:
        return None
    if name == _SEARCH_SORTED:
        return resolved.replace('LowerBound', given).replace('UpperBound', given)
    return given + '/' + resolved.partition('/')[2]


# tf.image.resize of a batch: the resize kernel's op in the 'resize' scope (no Squeeze), for the methods
# measured (TF 2.21; antialias and the other methods run other ops)
_BATCH_RESIZE_OPS = {'bilinear': 'ResizeBilinear', 'nearest': 'ResizeNearestNeighbor'}


def _batch_resize_name(parameters):
    method = parameters.get('method', 'bilinear')
    op = _BATCH_RESIZE_OPS.get(method) if isinstance(method, str) else None
    return None if op is None or parameters.get('antialias') or parameters.get('preserve_aspect_ratio') \
        else 'resize/' + op


def _ascending_sort_name(name, values, axis):
    """tf.sort of integers ends in 'sort/sub_1' (subtracted from the maximum, not negated); tf.argsort of
    another axis than the last transposes back last, 'argsort/transpose_1' (TF 2.21,
    notes/progs/kerasops4/tfsort.py); other forms as the row says."""
    from .tensor import Tensor
    if not isinstance(values, Tensor):
        return name
    if name == 'sort/Neg_1':
        return 'sort/sub_1' if values._data.dtype.kind in 'iu' else name
    rank = values._data.ndim
    return 'argsort/transpose_1' if type(axis) is int and rank and axis % rank != rank - 1 else name


def _compiled_loss_name(name, parameters):
    """``model.compute_loss(y=..., y_pred=...)`` of one compiled loss averaged over the batch, with no
    sample weights nor added losses: its div_no_nan in the scope Keras 3 opens for it ('mse', or the
    Loss object's name). Other cases (a sum over several losses, 'Sum_2') are not named."""
    from .tensor import Tensor
    model = parameters.get('self')
    loss = getattr(model, 'loss', None)
    if parameters.get('sample_weight') is not None or not isinstance(parameters.get('y_pred'), Tensor) \
            or getattr(model, 'losses', None) or loss is None:
        return None
    label = loss if isinstance(loss, str) else getattr(loss, 'name', None)
    if not isinstance(label, str) or getattr(loss, 'reduction', 'sum_over_batch_size') != 'sum_over_batch_size':
        return None
    scope = getattr(getattr(model, '_compiled_loss', None), 'traced_scope', None)
    if scope:       # the compiled loss ran in its scopes ('compile_loss_1/mse/' for a second run in one graph)
        return Opened(scope + name.rpartition('/')[2])
    return name.format(loss=label)


_CROSSENTROPY_ENDS = frozenset(('SparseSoftmaxCrossEntropyWithLogits/SparseSoftmaxCrossEntropyWithLogits',
                                'softmax_cross_entropy_with_logits/Reshape_2', 'Mean'))


def _loss_object_name(parameters):
    """A Keras loss object's result: Loss.__call__ opens a name scope of the loss's name and reduces
    last, div_no_nan for the averaging reductions (with sample weights too) and Sum for 'sum':
    'mean_squared_error/div_no_nan', then 'mean_squared_error_1/div_no_nan' for a second call in the
    graph (notes/progs/blogs30/q/qlossname.py, TF 2.21). Unreduced losses are not named."""
    loss = parameters.get('self')
    label = getattr(loss, 'name', None)
    last = {'sum_over_batch_size': 'div_no_nan', 'mean': 'div_no_nan', 'sum': 'Sum'}.get(
        getattr(loss, 'reduction', None))
    if not isinstance(label, str) or not label or '/' in label or last is None:
        return None
    return label + '/' + last


class Opened(str):
    """An op's full name in scopes its call opened itself (made unique in the graph then): only the
    op's own name is new there."""


def _is(value, *choices):
    return any(value is c if c is None else (type(value) in (int, float) and value == c) for c in choices)


def _all_lengths_known(signal):
    from . import trace_names
    from .tensor import Tensor
    entry = trace_names.entry_of(signal) if isinstance(signal, Tensor) else None
    return entry is None or (entry[1] is not None and None not in entry[1])


def _counts_repeat_op(parameters):
    """tf.repeat with a count per row (repeat_with_axis): a boolean_mask of the tiled rows, its result on axis 0
    (or axis=None, the input flattened first), reshaped back on a later axis (TF 2.21,
    notes/progs/traceshapes4/q4.py, q9.py)."""
    import numpy as np
    value, axis = parameters['input'], parameters.get('axis')
    rank = value.ndim if hasattr(value, 'ndim') else np.ndim(value)
    on_rows = axis is None or rank == 0 or int(axis) % rank == 0
    return 'boolean_mask/GatherV2' if on_rows else 'Reshape'


def _one_count(repeats):
    """Whether tf.repeat's ``repeats`` is one count (an int, a scalar, a one-element list or vector)."""
    import numpy as np
    return int(np.prod(np.shape(repeats.numpy() if hasattr(repeats, 'numpy') else repeats))) == 1 \
        if not isinstance(repeats, (list, tuple)) else len(repeats) == 1 and np.ndim(repeats[0]) == 0
