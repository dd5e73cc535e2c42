"""TensorFlow's refusal of a tensor whose dtype is outside a kernel's allowed list: an integer (or bool,
string) tensor given to a floating-point-only kernel, and string tensors given to arithmetic.

``tf.sqrt(tf.constant([1, 4]))`` is the tensors guide's classic slip; TensorFlow 2.21 answers with its op
registry's words, which name the kernel, its signature and the dtypes it allows:

    Value for attr 'T' of int32 is not in the list of allowed values: bfloat16, half, float, double, ...
    \t; NodeDef: {{node Sqrt}}; Op<name=Sqrt; signature=x:T -> y:T; attr=T:type,allowed=[DT_BFLOAT16, ...]>
    [Op:Sqrt] name:

The table holds the ops whose words were checked against TF 2.21 (/opt/tfref); ``as_float_tensor``
raises their error, with tapeflow's own words (cast it first) as a note.
"""
import numpy as np

from .graph_input_errors import allowed_list_refusal, kernel_dtype_name

_WITH_COMPLEX = ('bfloat16', 'half', 'float', 'double', 'complex64', 'complex128')
_REAL = ('bfloat16', 'half', 'float', 'double')
_ACTIVATION = ('half', 'bfloat16', 'float', 'double')
_SUMMABLE = ('float', 'double', 'int32', 'uint8', 'int16', 'int8', 'complex64', 'int64', 'qint8', 'quint8', 'qint32',
             'bfloat16', 'qint16', 'quint16', 'uint16', 'complex128', 'half', 'uint32', 'uint64')
_SIGNED = ('bfloat16', 'half', 'float', 'double', 'int8', 'int16', 'int32', 'int64', 'complex64', 'complex128')
_ORDERED_Q = ('float', 'double', 'int32', 'uint8', 'int16', 'int8', 'int64', 'bfloat16', 'uint16', 'half', 'uint32',
              'uint64', 'qint8', 'quint8', 'qint32', 'qint16', 'quint16')
_DIAG = ('bfloat16', 'half', 'float', 'double', 'int32', 'int64', 'complex64', 'complex128')
_REDUCTION = 'input:T, reduction_indices:Tidx -> output:T; attr=keep_dims:bool,default=false'
_TIDX = '; attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]'
_UNARY = 'x:T -> y:T'
_UNARY_IO = 'input:T -> output:T'
_LINALG = ('double', 'float', 'half', 'complex64', 'complex128')
_DET = ('half', 'float', 'double', 'complex64', 'complex128')
_FEATURES = 'features:T -> activations:T'
_COMPARABLE_Q = ('float', 'double', 'int32', 'uint8', 'int16', 'int8', 'int64', 'bfloat16', 'uint16', 'half', 'uint32',
                 'uint64', 'qint8')
_POOL3D = ('attr=ksize:list(int),min=5; attr=strides:list(int),min=5; attr=padding:string,allowed=["SAME", "VALID"]; '
           'attr=data_format:string,default="NDHWC",allowed=["NDHWC", "NCDHW"]')
_CONV_PADDING = 'attr=padding:string,allowed=["SAME", "VALID", "EXPLICIT"]'
_CONV_FORMAT = ('attr=data_format:string,default="NHWC",allowed=["NHWC", "NCHW"]; '
                'attr=dilations:list(int),default=[1, 1, 1, 1]')

# tapeflow op name -> (TensorFlow kernel, its signature, its allowed dtypes[, what follows them])
KERNELS = {
    **{name: (kernel, _UNARY, _WITH_COMPLEX) for name, kernel in (
        ('sqrt', 'Sqrt'), ('exp', 'Exp'), ('log', 'Log'), ('sigmoid', 'Sigmoid'), ('tanh', 'Tanh'), ('sin', 'Sin'),
        ('cos', 'Cos'), ('tan', 'Tan'), ('rsqrt', 'Rsqrt'), ('log1p', 'Log1p'), ('expm1', 'Expm1'), ('asin', 'Asin'),
        ('acos', 'Acos'), ('atan', 'Atan'), ('sinh', 'Sinh'), ('cosh', 'Cosh'), ('asinh', 'Asinh'), ('acosh', 'Acosh'),
        ('atanh', 'Atanh'), ('norm', 'Sqrt'), ('silu', 'Sigmoid'))},
    **{name: (kernel, _UNARY, _REAL) for name, kernel in (
        ('floor', 'Floor'), ('ceil', 'Ceil'), ('erf', 'Erf'), ('erfc', 'Erfc'), ('erfinv', 'Erfinv'),
        ('lgamma', 'Lgamma'), ('digamma', 'Digamma'), ('rint', 'Rint'), ('ndtri', 'Ndtri'),
        ('bessel_i0e', 'BesselI0e'), ('bessel_i0', 'BesselI0'), ('bessel_i1', 'BesselI1'),
        ('bessel_i1e', 'BesselI1e'), ('erfcinv', 'Ndtri'), ('bessel_j0', 'BesselJ0'), ('bessel_j1', 'BesselJ1'),
        ('bessel_y0', 'BesselY0'), ('bessel_y1', 'BesselY1'), ('bessel_k0', 'BesselK0'), ('bessel_k0e', 'BesselK0e'),
        ('bessel_k1', 'BesselK1'), ('bessel_k1e', 'BesselK1e'))},
    **{name: (kernel, 'x:T -> y:bool', _REAL) for name, kernel in (
        ('is_nan', 'IsNan'), ('is_inf', 'IsInf'), ('is_finite', 'IsFinite'))},
    **{name: (kernel, _FEATURES, _ACTIVATION) for name, kernel in (
        ('softplus', 'Softplus'), ('softsign', 'Softsign'), ('log_sigmoid', 'Softplus'), ('elu', 'Elu'),
        ('selu', 'Selu'))},
    # kernels whose T attribute comes last, inside the signature (checked: TF 2.21 with float64 input)
    'local_response_normalization': ('LRN', 'input:T -> output:T; attr=depth_radius:int,default=5; '
                                            'attr=bias:float,default=1; attr=alpha:float,default=1; '
                                            'attr=beta:float,default=0.5; attr=T:type,default=DT_FLOAT,allowed=[%(T)s]',
                                     ('half', 'bfloat16', 'float')),
    **{name: ('ApproxTopK', 'input:T -> values:T, indices:int32; attr=k:int,min=0; '
                            'attr=reduction_dimension:int,default=-1; attr=recall_target:float,default=0.95; '
                            'attr=is_max_k:bool,default=true; attr=reduction_input_size_override:int,default=-1; '
                            'attr=aggregate_to_topk:bool,default=true; attr=T:type,allowed=[%(T)s]',
              ('half', 'bfloat16', 'float')) for name in ('approx_max_k', 'approx_min_k')},
    'negative': ('Neg', _UNARY, ('bfloat16', 'half', 'float', 'double', 'int8', 'int16', 'int32', 'int64',
                                 'complex64', 'complex128')),
    # numeric (not only float) kernels, as a string tensor meets them (as_numeric_tensor)
    'abs': ('Abs', _UNARY, ('bfloat16', 'half', 'float', 'double', 'int8', 'int16', 'int32', 'int64')),
    'reduce_sum': ('Sum', 'input:T, reduction_indices:Tidx -> output:T; attr=keep_dims:bool,default=false',
                   _SUMMABLE, '; attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]'),
    **{name: (kernel, 'input:T, reduction_indices:Tidx -> output:T; attr=keep_dims:bool,default=false', allowed,
              '; attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]') for name, kernel, allowed in (
        ('reduce_mean', 'Mean', _SUMMABLE), ('reduce_prod', 'Prod', _SUMMABLE),
        ('reduce_max', 'Max', ('float', 'double', 'int32', 'uint8', 'int16', 'int8', 'int64', 'bfloat16', 'uint16',
                               'half', 'uint32', 'uint64', 'qint8', 'quint8', 'qint32', 'qint16', 'quint16')))},
    'softmax': ('Softmax', 'logits:T -> softmax:T', _ACTIVATION),
    # kernels that take numbers but no bool (numpy would sum, sort or square Trues silently)
    'square': ('Square', _UNARY, ('bfloat16', 'half', 'float', 'double', 'int8', 'int16', 'int32', 'int64', 'uint8',
                                  'uint16', 'uint32', 'uint64', 'complex64', 'complex128')),
    'round': ('Round', _UNARY, _SIGNED), 'sign': ('Sign', _UNARY, _SIGNED),
    'reduce_min': ('Min', _REDUCTION, _ORDERED_Q, _TIDX),
    'reduce_euclidean_norm': ('EuclideanNorm', _REDUCTION, _SUMMABLE, _TIDX),
    **{name: (kernel, 'x:T, axis:Tidx -> out:T; attr=exclusive:bool,default=false; attr=reverse:bool,default=false',
              _SUMMABLE, _TIDX) for name, kernel in (('cumsum', 'Cumsum'), ('cumprod', 'Cumprod'))},
    'top_k': ('TopKV2', 'input:T, k:Tk -> values:T, indices:index_type; attr=sorted:bool,default=true',
              ('float', 'double', 'int32', 'uint8', 'int16', 'int8', 'int64', 'bfloat16', 'uint16', 'half', 'uint32',
               'uint64'), '; attr=Tk:type,default=DT_INT32,allowed=[DT_INT16, DT_INT32, DT_INT64]; '
                          'attr=index_type:type,default=DT_INT32,allowed=[DT_INT16, DT_INT32, DT_INT64]'),
    'matmul': ('MatMul', 'a:T, b:T -> product:T; attr=transpose_a:bool,default=false; '
                         'attr=transpose_b:bool,default=false',
               ('bfloat16', 'half', 'float', 'double', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64',
                'complex64', 'complex128'), '; attr=grad_a:bool,default=false; attr=grad_b:bool,default=false'),
    # linear algebra kernels (keras.ops' matrix functions cast nothing on TensorFlow)
    'inv': ('MatrixInverse', 'input:T -> output:T; attr=adjoint:bool,default=false', _LINALG),
    'det': ('MatrixDeterminant', _UNARY_IO, _DET),
    'slogdet': ('LogMatrixDeterminant', 'input:T -> sign:T, log_abs_determinant:T', _DET),
    'solve': ('MatrixSolve', 'matrix:T, rhs:T -> output:T; attr=adjoint:bool,default=false', _LINALG),
    'eigh': ('SelfAdjointEigV2', 'input:T -> e:T, v:T; attr=compute_v:bool,default=true', _LINALG),
    'qr': ('Qr', 'input:T -> q:T, r:T; attr=full_matrices:bool,default=false', _LINALG),
    'svd': ('Svd', 'input:T -> s:T, u:T, v:T; attr=compute_uv:bool,default=true; attr=full_matrices:bool,default=false',
            _LINALG),
    'cholesky': ('Cholesky', _UNARY_IO, _LINALG),
    'lu_factor': ('Lu', 'input:T -> lu:T, p:output_idx_type', _LINALG,
                  '; attr=output_idx_type:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]'),
    'solve_triangular': ('MatrixTriangularSolve', 'matrix:T, rhs:T -> output:T; attr=lower:bool,default=true; '
                                                  'attr=adjoint:bool,default=false', ('bfloat16',) + _LINALG),
    'betainc': ('Betainc', 'a:T, b:T, x:T -> z:T', ('float', 'double')),
    'zeta': ('Zeta', 'x:T, q:T -> z:T', ('float', 'double')),
    'polygamma': ('Polygamma', 'a:T, x:T -> z:T', ('float', 'double')),
    'igamma': ('Igamma', 'a:T, x:T -> z:T', _REAL), 'igammac': ('Igammac', 'a:T, x:T -> z:T', _REAL),
    'add_n': ('AddN', 'inputs:N*T -> sum:T; attr=N:int,min=1', _SUMMABLE + ('variant',),
              '; is_commutative=true; is_aggregate=true'),
    'tensor_diag': ('Diag', 'diagonal:T -> output:T', _DIAG),
    'tensor_diag_part': ('DiagPart', 'input:T -> diagonal:T', _DIAG),
    'log_softmax': ('LogSoftmax', 'logits:T -> logsoftmax:T', _ACTIVATION),
    'l2_loss': ('L2Loss', 't:T -> output:T', _ACTIVATION),
    'softmax_cross_entropy_with_logits': ('SoftmaxCrossEntropyWithLogits',
                                          'features:T, labels:T -> loss:T, backprop:T', _ACTIVATION),
    'sparse_softmax_cross_entropy_with_logits': (
        'SparseSoftmaxCrossEntropyWithLogits', 'features:T, labels:Tlabels -> loss:T, backprop:T', _ACTIVATION,
        '; attr=Tlabels:type,default=DT_INT64,allowed=[DT_INT32, DT_INT64]'),
    # kernels that take integers too (as_real_tensor): bool, complex and string tensors meet these words
    'relu': ('Relu', _FEATURES, _COMPARABLE_Q),
    'relu6': ('Relu6', _FEATURES, _COMPARABLE_Q[:-1]),
    'leaky_relu': ('LeakyRelu', _FEATURES + '; attr=alpha:float,default=0.2; attr=T:type,default=DT_FLOAT,'
                                            'allowed=[%(T)s]', _ACTIVATION),
    # pooling kernels, keyed by kernel name (tapeflow's pools share one op name for all ranks)
    'AvgPool': ('AvgPool', 'value:T -> output:T; attr=ksize:list(int),min=4; attr=strides:list(int),min=4; '
                           'attr=padding:string,allowed=["SAME", "VALID"]; '
                           'attr=data_format:string,default="NHWC",allowed=["NHWC", "NCHW"]', _ACTIVATION),
    'AvgPool3D': ('AvgPool3D', 'input:T -> output:T; ' + _POOL3D, _ACTIVATION),
    'MaxPool3D': ('MaxPool3D', 'input:T -> output:T; ' + _POOL3D, ('half', 'bfloat16', 'float')),
    'MaxPool': ('MaxPool', 'input:T -> output:T; attr=T:type,default=DT_FLOAT,allowed=[%(T)s]; '
                           'attr=ksize:list(int),min=4; attr=strides:list(int),min=4; '
                           'attr=padding:string,allowed=["SAME", "VALID", "EXPLICIT"]; '
                           'attr=explicit_paddings:list(int),default=[]; '
                           'attr=data_format:string,default="NHWC",allowed=["NHWC", "NCHW", "NCHW_VECT_C"]',
                ('half', 'bfloat16', 'float', 'double', 'int32', 'int64', 'uint8', 'int16', 'int8', 'uint16', 'qint8')),
    # convolutions, as a Keras conv layer called directly on integer or bool inputs meets them
    'Conv2D': ('Conv2D', 'input:T, filter:T -> output:T', ('half', 'bfloat16', 'float', 'double', 'int32'),
               '; attr=strides:list(int); attr=use_cudnn_on_gpu:bool,default=true; ' + _CONV_PADDING
               + '; attr=explicit_paddings:list(int),default=[]; ' + _CONV_FORMAT),
    'DepthwiseConv2dNative': ('DepthwiseConv2dNative', 'input:T, filter:T -> output:T', _ACTIVATION,
                              '; attr=strides:list(int); ' + _CONV_PADDING
                              + '; attr=explicit_paddings:list(int),default=[]; ' + _CONV_FORMAT),
    'Conv2DBackpropInput': ('Conv2DBackpropInput', 'input_sizes:int32, filter:T, out_backprop:T -> output:T',
                            ('half', 'bfloat16', 'float', 'double', 'int32'),
                            '; attr=strides:list(int); attr=use_cudnn_on_gpu:bool,default=true; ' + _CONV_PADDING
                            + '; attr=explicit_paddings:list(int),default=[]; ' + _CONV_FORMAT),
    'Conv3DBackpropInputV2': ('Conv3DBackpropInputV2', 'input_sizes:Tshape, filter:T, out_backprop:T -> output:T',
                              _ACTIVATION, '; attr=strides:list(int),min=5; attr=padding:string,allowed=["SAME", '
                              '"VALID"]; attr=data_format:string,default="NDHWC",allowed=["NDHWC", "NCDHW"]; '
                              'attr=dilations:list(int),default=[1, 1, 1, 1, 1]; '
                              'attr=Tshape:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]'),
    'Conv3D': ('Conv3D', 'input:T, filter:T -> output:T', _ACTIVATION,
               '; attr=strides:list(int),min=5; attr=padding:string,allowed=["SAME", "VALID"]; '
               'attr=data_format:string,default="NDHWC",allowed=["NDHWC", "NCDHW"]; '
               'attr=dilations:list(int),default=[1, 1, 1, 1, 1]'),
}
KERNELS['max_pool2d'] = KERNELS['MaxPool']
_BINARY = 'x:T, y:T -> z:T'
_XFUNC = ('half', 'bfloat16', 'float', 'double', 'complex64', 'complex128')
KERNELS.update({
    'cumulative_logsumexp': ('CumulativeLogsumexp', 'x:T, axis:Tidx -> out:T; attr=exclusive:bool,default=false; '
                                                    'attr=reverse:bool,default=false', _REAL, _TIDX),
    'sqrtm': ('MatrixSquareRoot', _UNARY_IO, _LINALG),
    'tridiagonal_matmul': ('TridiagonalMatMul', 'superdiag:T, maindiag:T, subdiag:T, rhs:T -> output:T',
                           ('double', 'float', 'complex64', 'complex128')),
    'multiply_no_nan': ('MulNoNan', _BINARY, ('bfloat16', 'half', 'float', 'double', 'complex64', 'complex128')),
    'xdivy': ('Xdivy', _BINARY, _XFUNC), 'xlogy': ('Xlogy', _BINARY, _XFUNC), 'xlog1py': ('Xlog1py', _BINARY, _XFUNC),
    'reciprocal': ('Reciprocal', _UNARY, _SIGNED),
    'reciprocal_no_nan': ('DivNoNan', _BINARY, ('half', 'float', 'bfloat16', 'double', 'complex64', 'complex128')),
    'atan2': ('Atan2', 'y:T, x:T -> z:T', _REAL),
    # tf.debugging.check_numerics and assert_all_finite (one kernel)
    'check_numerics': ('CheckNumerics', 'tensor:T -> output:T', _REAL, '; attr=message:string; is_stateful=true'),
})
# ArgMax / ArgMin, keyed by kernel name: no string or complex type
_ARG = ('float', 'double', 'int32', 'uint8', 'int16', 'int8', 'int64', 'bfloat16', 'uint16', 'half', 'uint32', 'uint64',
        'qint8', 'quint8', 'qint32', 'qint16', 'quint16', 'bool')
KERNELS['ArgMax'] = ('ArgMax', 'input:T, dimension:Tidx -> output:output_type', _ARG,
                     '; attr=Tidx:type,default=DT_INT32,allowed=[DT_INT16, DT_INT32, DT_INT64]; '
                     'attr=output_type:type,default=DT_INT64,allowed=[DT_INT16, DT_UINT16, DT_INT32, DT_INT64]')
KERNELS['ArgMin'] = ('ArgMin', 'input:T, dimension:Tidx -> output:output_type', _ARG,
                     '; attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]; '
                     'attr=output_type:type,default=DT_INT64,allowed=[DT_INT32, DT_INT64]')
# bitwise kernels, keyed by kernel name (tf.bitwise and keras.ops' bitwise functions)
_BITS = ('int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64')
KERNELS.update({kernel: (kernel, _BINARY, _BITS, '; is_commutative=true')
                for kernel in ('BitwiseAnd', 'BitwiseOr', 'BitwiseXor')})
KERNELS.update({kernel: (kernel, _BINARY, _BITS) for kernel in ('LeftShift', 'RightShift')})
KERNELS['Invert'] = ('Invert', _UNARY, _BITS)

# segment reductions (tf.math.segment_* / unsorted_segment_*), keyed by kernel name
_SEGMENT_ORDERED = ('float', 'double', 'int32', 'uint8', 'int16', 'int8', 'int64', 'bfloat16', 'uint16', 'half',
                    'uint32', 'uint64')
_TINDICES = '; attr=Tindices:type,allowed=[DT_INT32, DT_INT64]'
_TNUMSEGMENTS = '; attr=Tnumsegments:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]'
_SORTED = 'data:T, segment_ids:Tindices -> output:T'
_UNSORTED = 'data:T, segment_ids:Tindices, num_segments:Tnumsegments -> output:T'
KERNELS.update({
    'SegmentMax': ('SegmentMax', _SORTED, _SEGMENT_ORDERED, _TINDICES),
    'SegmentMin': ('SegmentMin', _SORTED, _SEGMENT_ORDERED, _TINDICES),
    'SegmentSum': ('SegmentSum', _SORTED, _SUMMABLE, _TINDICES),
    'SegmentMean': ('SegmentMean', _SORTED, _SUMMABLE, _TINDICES),
    'SegmentProd': ('SegmentProd', _SORTED, _SUMMABLE, _TINDICES),
    'UnsortedSegmentMax': ('UnsortedSegmentMax', _UNSORTED, _SEGMENT_ORDERED, _TINDICES + _TNUMSEGMENTS),
    'UnsortedSegmentMin': ('UnsortedSegmentMin', _UNSORTED, _SEGMENT_ORDERED, _TINDICES + _TNUMSEGMENTS),
    'UnsortedSegmentSum': ('UnsortedSegmentSum', _UNSORTED, _SUMMABLE,
                           '; attr=Tindices:type,allowed=[DT_INT16, DT_INT32, DT_INT64]' + _TNUMSEGMENTS),
    'UnsortedSegmentProd': ('UnsortedSegmentProd', _UNSORTED, _SUMMABLE, _TINDICES + _TNUMSEGMENTS),
})

KERNELS['Maximum'] = ('Maximum', _BINARY, ('bfloat16', 'half', 'float', 'double', 'int8', 'uint8', 'int16', 'uint16',
                                           'int32', 'uint32', 'int64', 'uint64'))

# tapeflow ops whose TensorFlow implementation is built from the kernels above: op -> the KERNELS keys its
# operand meets, in order. The first kernel whose allowed list lacks the dtype is the one that refuses it
# (tf.math.reduce_logsumexp of bools fails in Max, of int32 in IsFinite); a dtype all of them take gets
# tapeflow's own words (None). Checked against TF 2.21's texts (opfuzz, /work/notes/progs/fuzz6).
FIRST_KERNELS = {
    'avg_pool': ('AvgPool',), 'avg_pool1d': ('AvgPool',), 'avg_pool2d': ('AvgPool',), 'avg_pool3d': ('AvgPool3D',),
    'max_pool3d': ('MaxPool3D',), 'max_pool1d': ('MaxPool',), 'pool': ('MaxPool',),
    'depthwise_conv2d': ('DepthwiseConv2dNative',), 'conv1d': ('Conv2D',), 'convolution': ('Conv2D',),
    'atrous_conv2d': ('Conv2D',), 'conv3d': ('Conv3D',),
    'clip_by_global_norm': ('l2_loss',), 'global_norm': ('l2_loss',), 'ctc_loss': ('log_softmax',),
    'eigvalsh': ('eigh',), 'lu': ('lu_factor',), 'logdet': ('cholesky',), 'lstsq': ('cholesky',),
    'cholesky_solve': ('solve_triangular',), 'triangular_solve': ('solve_triangular',),
    'lbeta': ('lgamma',), 'log_poisson_loss': ('exp',), 'expm': ('abs',), 'l2_normalize': ('square',),
    'crelu': ('negative',), 'erosion2d': ('negative',), 'argsort': ('negative',), 'sort': ('negative',),
    'moments': ('reduce_mean',), 'reduce_variance': ('reduce_mean',), 'reduce_std': ('reduce_mean',),
    'reduce_logsumexp': ('reduce_max', 'is_finite'),
    'segment_max': ('SegmentMax',), 'segment_min': ('SegmentMin',), 'segment_sum': ('SegmentSum',),
    'segment_mean': ('SegmentMean',), 'segment_prod': ('SegmentProd',),
    'unsorted_segment_max': ('UnsortedSegmentMax',), 'unsorted_segment_min': ('UnsortedSegmentMin',),
    'unsorted_segment_sum': ('UnsortedSegmentSum',), 'unsorted_segment_prod': ('UnsortedSegmentProd',),
    # (TF divides their sums by maximum(counts, 1), counts in data's dtype: Maximum refuses complex data)
    'unsorted_segment_mean': ('UnsortedSegmentSum', 'Maximum'),
    'unsorted_segment_sqrt_n': ('UnsortedSegmentSum', 'Maximum'),
}

# ops whose kernels refuse complex tensors (numpy would compute erf, lgamma or elu of them silently)
REAL_ONLY = frozenset([op for op, entry in KERNELS.items() if 'complex64' not in entry[2]] + ['gelu'])


# ops whose TF 2.21 Python wrapper hands its argument to the kernel as given (tf.math.sqrt is the generated
# op itself): a Python list, string or numpy scalar there takes eager's slow path, whose registry error has
# no ' name: ' tail. (tf.math.sigmoid, abs, softmax, cumsum ... convert first, so theirs always has one.)
# Read off TF 2.21 with 'a', [[1, 2]] and np.int32(1) (/work/notes/progs/errors19/q2.py).
RAW_INPUT = frozenset((
    'sqrt', 'exp', 'log', 'tanh', 'sin', 'cos', 'tan', 'rsqrt', 'log1p', 'expm1', 'asin', 'acos', 'atan', 'sinh',
    'cosh', 'asinh', 'acosh', 'atanh', 'floor', 'ceil', 'erf', 'erfc', 'erfinv', 'lgamma', 'digamma', 'rint', 'ndtri',
    'bessel_i0e', 'bessel_i0', 'bessel_i1', 'bessel_i1e', 'bessel_j0', 'bessel_j1', 'bessel_y0', 'bessel_y1',
    'bessel_k0', 'bessel_k0e', 'bessel_k1', 'bessel_k1e', 'is_nan', 'is_inf', 'is_finite', 'softplus', 'softsign',
    'elu', 'selu', 'relu', 'negative', 'square', 'reciprocal', 'reduce_sum', 'reduce_max', 'reduce_logsumexp',
    'l2_loss', 'inv', 'det', 'cholesky', 'sqrtm', 'eigh', 'qr', 'svd', 'logdet'))


def named_for(op, given):
    """Whether ``op``'s registry error for the argument ``given`` (as the caller passed it) ends in ' name: '."""
    return op not in RAW_INPUT or not isinstance(given, (list, tuple, str, bytes, np.generic))


def refusal(op, dtype_name, named=True):
    """TensorFlow's error for ``op`` given a tensor of ``dtype_name`` (TF's name: 'int32', 'string'),
    or None for an op not in the table. ``named=False``: no ' name: ' tail (tf.bitwise's wrappers print none)."""
    from ..errors import InvalidArgumentError
    if op in ('reduce_variance', 'reduce_std') and dtype_name.startswith(('int', 'uint')):   # its Python check
        return TypeError("Input must be either real or complex. Received integer type <dtype: '%s'>." % dtype_name)
    if op == 'gelu':        # tf.nn.gelu checks in Python first
        return ValueError("`features.dtype` must be a floating point tensor.Received:features.dtype=<dtype: '%s'>"
                          % dtype_name)
    entry = KERNELS.get(op)
    if entry is None:
        entry = next((KERNELS[key] for key in FIRST_KERNELS.get(op, ())
                      if kernel_dtype_name(dtype_name) not in KERNELS[key][2]), None)
    if entry is None:
        return None
    kernel, signature, allowed = entry[:3]
    if op == 'reduce_logsumexp' and kernel != 'Max':
        named = True        # (its IsFinite runs on the converted tensor)
    if kernel_dtype_name(dtype_name) in allowed:
        # the op registry takes the dtype but no CPU kernel computes it (Reciprocal of int32): NotFoundError
        from .missing_kernels import LISTED, listed_not_found
        if kernel in LISTED:
            error = listed_not_found(kernel, dtype_name, op)
            return error if named else _without_tail(error)
    if '%(T)s' in signature:        # the T attribute sits inside the signature (MaxPool's comes first)
        error = InvalidArgumentError(
            "Value for attr 'T' of %s is not in the list of allowed values: %s\n\t; NodeDef: {{node %s}}; "
            "Op<name=%s; signature=%s> [Op:%s]%s"
            % (kernel_dtype_name(dtype_name), ', '.join(allowed), kernel, kernel,
               signature % {'T': ', '.join('DT_' + name.upper() for name in allowed)}, kernel,
               ' name: ' if named and op not in _NO_NAME_TAIL else ''))
    else:
        error = InvalidArgumentError(
            "Value for attr 'T' of %s is not in the list of allowed values: %s\n\t; NodeDef: {{node %s}}; %s%s"
            % (kernel_dtype_name(dtype_name), ', '.join(allowed), kernel, _op_text(entry),
               ' name: ' if named and op not in _NO_NAME_TAIL else ''))
    return allowed_list_refusal(error, 'T', dtype_name, allowed, signature)     # (a graph's words in a trace)


def _without_tail(error):
    if not str(error).endswith(' name: '):     # (op_def_library's TypeError in a trace has no tail)
        return error
    plain = type(error)(str(error)[:-len(' name: ')])
    for note in getattr(error, '__notes__', ()):
        plain.add_note(note)
    return plain


def _op_text(entry):
    kernel, signature, allowed = entry[:3]
    return ('Op<name=%s; signature=%s; attr=T:type,allowed=[%s]%s> [Op:%s]'
            % (kernel, signature, ', '.join('DT_' + name.upper() for name in allowed),
               entry[3] if len(entry) > 3 else '', kernel))


def index_refusal(op, attr, dtype_name, named=True):
    """TensorFlow's error for ``op``'s index operand (its kernel's type attribute ``attr``: 'Tindices') given
    a tensor of ``dtype_name``: 'Value for attr 'Tindices' of float is not in the list of allowed values: int32,
    int64 ...'. None for an op not in the tables, or a dtype the attribute allows. ``named=False``: no ' name: '
    tail (the operand was a Python value, which TF's eager fast path leaves to the slow one)."""
    import re
    from ..errors import InvalidArgumentError
    entry = KERNELS.get(op) or next((KERNELS[key] for key in FIRST_KERNELS.get(op, ())[:1]), None)
    found = entry and re.search(r'attr=%s:type,(?:default=\w+,)?allowed=\[([^\]]*)\]' % attr,
                                entry[3] if len(entry) > 3 else '')
    if not found:
        return None
    allowed = [name[3:].lower() for name in found.group(1).split(', ')]
    shown = kernel_dtype_name(dtype_name)
    if shown in allowed:
        return None
    return allowed_list_refusal(InvalidArgumentError(
        "Value for attr '%s' of %s is not in the list of allowed values: %s\n\t; NodeDef: {{node %s}}; %s%s"
        % (attr, shown, ', '.join(allowed), entry[0], _op_text(entry),
           ' name: ' if named and op not in _NO_NAME_TAIL else '')), attr, shown, allowed, entry[1])


# ops whose kernel TensorFlow runs inside a named scope, so its error has no ' name: ' tail (TF 2.21)
# (ArgMax / ArgMin: as keras.ops.argmin prints them; tf.argmax of a tensor adds its tail in logic._arg)
_NO_NAME_TAIL = frozenset(('moments', 'segment_max', 'ArgMax', 'ArgMin', 'local_response_normalization'))


# String tensors in arithmetic ('a' - 'b'): the binary kernel's words, without the ' name: ' tail (checked
# against TF 2.21); tapeflow op name -> (kernel, allowed dtypes, what follows the allowed list)
_NUMBERS = ('bfloat16', 'half', 'float', 'double', 'uint8', 'int8', 'uint16', 'int16', 'int32', 'uint32', 'uint64',
            'int64', 'complex64', 'complex128')
_ORDERED = ('bfloat16', 'half', 'float', 'double', 'int8', 'uint8', 'int16', 'uint16', 'int32', 'uint32', 'int64',
            'uint64')
_COMPARABLE = ('float', 'double', 'int32', 'uint8', 'int16', 'int8', 'int64', 'bfloat16', 'uint16', 'half', 'uint32',
               'uint64')
BINARY_KERNELS = {
    'subtract': ('Sub', ('bfloat16', 'half', 'float', 'double', 'uint8', 'int8', 'uint16', 'int16', 'int32', 'int64',
                         'complex64', 'complex128', 'uint32', 'uint64'), ''),
    'multiply': ('Mul', _NUMBERS, '; is_commutative=true'),
    'floordiv': ('FloorDiv', _NUMBERS, ''),
    'floormod': ('FloorMod', ('int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64', 'bfloat16',
                              'half', 'float', 'double'), ''),
    'pow': ('Pow', ('bfloat16', 'float', 'half', 'double', 'int8', 'int16', 'int32', 'int64', 'complex64',
                    'complex128'), ''),
    'maximum': ('Maximum', _ORDERED, ''), 'minimum': ('Minimum', _ORDERED, ''),
    'less': ('Less', _COMPARABLE, ''), 'less_equal': ('LessEqual', _COMPARABLE, ''),
    'greater': ('Greater', _COMPARABLE, ''), 'greater_equal': ('GreaterEqual', _COMPARABLE, ''),
    'squared_difference': ('SquaredDifference', ('bfloat16', 'half', 'float', 'double', 'int32', 'int64', 'complex64',
                                                 'complex128'), '; is_commutative=true'),
    'realdiv': ('RealDiv', _NUMBERS, ''),
    'nextafter': ('NextAfter', ('double', 'float'), ''),
}
# binary kernels whose OpDef is not 'x:T, y:T -> z:T; attr=T:type,allowed=...': op -> (inputs, output, what
# precedes the allowed list)
_BINARY_SIGNATURES = {'nextafter': ('x1:T, x2:T', 'output', 'default=DT_FLOAT,')}
_TRUEDIV = ('uint8', 'int8', 'uint16', 'int16', 'uint32', 'int32', 'uint64', 'int64', 'bfloat16', 'float16', 'float32',
            'float64', 'complex64', 'complex128')


def string_refusal(op, dtype_name='string', named=None):
    """TensorFlow's error for string (or bool) tensors given to binary ``op``, or None for an op not in the
    table (or one that takes bools: multiply, equal). ``named``: whether it ends in ' name: ', as TF's eager
    fast path words it (both operands tensors or arrays; not beside a Python str or list); by default
    strings' errors have no tail (a Python operand), bools' do."""
    from ..errors import InvalidArgumentError
    if op == 'divide':      # Python's truediv checks the dtype before any kernel
        return truediv_dtype_error(dtype_name, '__truediv__')
    entry = (BOOL_BINARY_KERNELS if dtype_name == 'bool' else BINARY_KERNELS).get(op)
    # (complex dtypes, TruncateMod and TruncateDiv are listed with the bool refusals)
    if entry is None and (dtype_name.startswith('complex') or op in ('truncatemod', 'truncatediv')):
        entry = BOOL_BINARY_KERNELS.get(op)
    if entry is None:
        return None
    kernel, allowed, extra = entry
    inputs, output, default = _BINARY_SIGNATURES.get(op, ('x:T, y:T', 'z', ''))
    result = 'bool' if kernel in ('Less', 'LessEqual', 'Greater', 'GreaterEqual') else 'T'
    return allowed_list_refusal(InvalidArgumentError(
        "Value for attr 'T' of %s is not in the list of allowed values: %s\n\t; NodeDef: {{node %s}}; "
        "Op<name=%s; signature=%s -> %s:%s; attr=T:type,%sallowed=[%s]%s> [Op:%s]%s"
        % (dtype_name, ', '.join(allowed), kernel, kernel, inputs, output, result, default,
           ', '.join('DT_' + name.upper() for name in allowed), extra, kernel,
           ' name: ' if (dtype_name != 'string' if named is None else named) else '')),
        'T', dtype_name, allowed, inputs)


def truediv_dtype_error(dtype_name, where):
    """The TypeError of TF's Python division for a dtype its _TRUEDIV_TABLE lacks (string, bool): ``where`` is
    '__truediv__' or 'tf.math.divide_no_nan', as TF 2.21 words them."""
    return TypeError('Invalid dtype tf.%s in %s. Expected one of {%s}.'
                     % (dtype_name, where, ', '.join('tf.' + name for name in _TRUEDIV)))


# Bool tensors in arithmetic (numpy would add them as a logical or): TF 2.21's kernels refuse them
BOOL_BINARY_KERNELS = {op: BINARY_KERNELS[op]
                       for op in ('multiply', 'subtract', 'floordiv', 'floormod', 'pow', 'maximum', 'less')}
BOOL_BINARY_KERNELS.update({op: BINARY_KERNELS[op] for op in ('minimum', 'greater', 'greater_equal', 'less_equal',
                                                              'squared_difference', 'realdiv', 'nextafter')})
BOOL_BINARY_KERNELS['truncatediv'] = ('TruncateDiv', ('bfloat16', 'half', 'float', 'double', 'uint8', 'int8', 'uint16',
                                                      'int16', 'int32', 'uint32', 'uint64', 'int64', 'complex64',
                                                      'complex128'), '')
BOOL_BINARY_KERNELS['truncatemod'] = ('TruncateMod', ('int32', 'int64', 'bfloat16', 'half', 'float', 'double'), '')
BOOL_BINARY_KERNELS['add'] = ('AddV2', ('bfloat16', 'half', 'float', 'double', 'uint8', 'uint16', 'uint32', 'uint64',
                                        'int8', 'int16', 'int32', 'int64', 'complex64', 'complex128'),
                              '; is_commutative=true; is_aggregate=true')


# Reductions whose kernels order values, so refuse complex tensors: op -> the kernel that fails
ORDERED_REDUCTIONS = {'reduce_max': 'reduce_max', 'reduce_min': 'reduce_min', 'reduce_logsumexp': 'reduce_max'}


# Reductions TensorFlow refuses for bool tensors (numpy would sum Trues into True, or count them)
BOOL_REFUSED = frozenset(('reduce_sum', 'reduce_mean', 'reduce_prod', 'reduce_max', 'reduce_min'))


def refuse_bool(t, op, kernel_op=None):
    """Raise TensorFlow's op-registry error if ``t`` is a bool tensor given to ``op`` (whose kernel is
    ``kernel_op``'s entry in KERNELS: tf.sort of bools fails in its Neg), else return t."""
    if t._data.dtype.kind == 'b':
        error = refusal(kernel_op or op, 'bool')
        error.add_note('%s: TensorFlow takes no bool tensor here; cast it first, e.g. tf.cast(x, tf.int32)' % op)
        raise error
    return t


def refuse_complex(t, op, kernel_op=None):
    """Raise TensorFlow's op-registry error if ``t`` is a complex tensor given to ``op``, whose kernel
    (``kernel_op``'s entry in KERNELS: tf.sort fails in TopKV2, tf.clip_by_norm in Greater) orders or
    compares values; numpy would order complex numbers lexicographically. Else return t."""
    if t._data.dtype.kind == 'c':
        raise complex_error(op, t.dtype.name, kernel_op)
    return t


def complex_error(op, dtype_name, kernel_op=None):
    error = refusal(kernel_op or op, dtype_name)
    if error is None:       # a binary kernel (Maximum, Greater, ...)
        error = string_refusal(kernel_op or op, dtype_name)
    error.add_note('%s: TensorFlow has no kernel for a %s tensor here; cast it first (for complex values, take '
                   'tf.math.real(x) or tf.abs(x))' % (op, dtype_name))
    return error
