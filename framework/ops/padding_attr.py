"""tf.nn's conv and pool ops take padding 'SAME' / 'VALID' exactly: 'same' is Keras's spelling, and
TensorFlow's attr check refuses it (tapeflow's kernels upper-case whatever they are given, so the
public entry points check)."""
from ..errors import InvalidArgumentError

# kernels whose padding attr has no 'EXPLICIT' (TF 2.21's lists)
_WITHOUT_EXPLICIT = frozenset(['conv3d', 'conv3d_transpose', 'avg_pool', 'avg_pool1d', 'avg_pool2d', 'avg_pool3d',
                               'max_pool3d', 'dilation2d', 'erosion2d', 'max_pool_with_argmax'])

# ops that take a list of explicit paddings (explicit_padding.py)
_TAKE_LISTS = frozenset(['conv2d', 'depthwise_conv2d', 'separable_conv2d', 'max_pool2d', 'max_pool1d', 'max_pool',
                         'conv2d_transpose'])


# The kernel each op runs for 1-D and 2-D input (tf.nn.conv1d and max_pool1d add an axis), the oneDNN kernel
# TF 2.21 runs in its place (eager, oneDNN on) and for which dtypes: an attr error names the one that ran.
_KERNELS = {'conv2d': ('Conv2D', '_MklNativeConv2D', ('float32', 'float16', 'bfloat16')),
            'depthwise_conv2d': ('DepthwiseConv2dNative', '_MklNativeDepthwiseConv2dNative',
                                 ('float32', 'float16', 'bfloat16')),
            'max_pool2d': ('MaxPool', None, ()),
            'avg_pool2d': ('AvgPool', '_MklNativeAvgPool', ('float32', 'bfloat16'))}
_KERNELS.update(conv1d=_KERNELS['conv2d'], convolution=_KERNELS['conv2d'], max_pool1d=_KERNELS['max_pool2d'],
                max_pool=_KERNELS['max_pool2d'], avg_pool1d=_KERNELS['avg_pool2d'], avg_pool=_KERNELS['avg_pool2d'])
# the 3-D pools, for 5-D input only (TF checks the attr before it looks for a kernel of the dtype: float64 too)
_KERNELS_3D = {'max_pool3d': ('MaxPool3D', None, ()),
               'avg_pool3d': ('AvgPool3D', '_MklNativeAvgPool3D', ('float32', 'bfloat16'))}

# Their op definitions as TF 2.21's attr errors print them after the node's name
_CONV2D_ATTRS = ('attr=strides:list(int); attr=use_cudnn_on_gpu:bool,default=true; %sattr=padding:string,'
                 'allowed=["SAME", "VALID", "EXPLICIT"]; attr=explicit_paddings:list(int),default=[]; '
                 'attr=data_format:string,default="NHWC",allowed=["NHWC", "NCHW"]; '
                 'attr=dilations:list(int),default=[1, 1, 1, 1]')
_AVG_POOL_ATTRS = ('signature=value:T -> output:T; attr=ksize:list(int),min=4; attr=strides:list(int),min=4; '
                   'attr=padding:string,allowed=["SAME", "VALID"]; attr=data_format:string,default="NHWC",'
                   'allowed=["NHWC", "NCHW"]; attr=T:type,allowed=[%s]')
_POOL3D_ATTRS = ('signature=%s:T -> output:T; attr=ksize:list(int),min=5; attr=strides:list(int),min=5; '
                 'attr=padding:string,allowed=["SAME", "VALID"]; attr=data_format:string,default="NDHWC",'
                 'allowed=["NDHWC", "NCDHW"]; attr=T:type,allowed=[%s]')
_OP_DEFS = {
    'Conv2D': ('signature=input:T, filter:T -> output:T; attr=T:type,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, '
               'DT_DOUBLE, DT_INT32]; ' + _CONV2D_ATTRS % ''),
    '_MklNativeConv2D': ('signature=input:T, filter:T -> output:T; attr=T:type,allowed=[DT_BFLOAT16, DT_FLOAT, '
                         'DT_HALF]; ' + _CONV2D_ATTRS % 'attr=is_filter_const:bool,default=false; '),
    'DepthwiseConv2dNative': ('signature=input:T, filter:T -> output:T; attr=T:type,allowed=[DT_HALF, DT_BFLOAT16, '
                              'DT_FLOAT, DT_DOUBLE]; attr=strides:list(int); attr=padding:string,allowed=["SAME", '
                              '"VALID", "EXPLICIT"]; attr=explicit_paddings:list(int),default=[]; '
                              'attr=data_format:string,default="NHWC",allowed=["NHWC", "NCHW"]; '
                              'attr=dilations:list(int),default=[1, 1, 1, 1]'),
    '_MklNativeDepthwiseConv2dNative': ('signature=input:T, filter:T -> output:T; attr=T:type,allowed=[DT_HALF, '
                                        'DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]; attr=strides:list(int); '
                                        'attr=is_filter_const:bool,default=false; attr=padding:string,'
                                        'allowed=["SAME", "VALID", "EXPLICIT"]; attr=data_format:string,'
                                        'default="NHWC",allowed=["NHWC", "NCHW"]; attr=explicit_paddings:list(int),'
                                        'default=[]; attr=dilations:list(int),default=[1, 1, 1, 1]'),
    'MaxPool': ('signature=input:T -> output:T; attr=T:type,default=DT_FLOAT,allowed=[DT_HALF, DT_BFLOAT16, '
                'DT_FLOAT, DT_DOUBLE, DT_INT32, DT_INT64, DT_UINT8, DT_INT16, DT_INT8, DT_UINT16, DT_QINT8]; '
                'attr=ksize:list(int),min=4; attr=strides:list(int),min=4; attr=padding:string,allowed=["SAME", '
                '"VALID", "EXPLICIT"]; attr=explicit_paddings:list(int),default=[]; attr=data_format:string,'
                'default="NHWC",allowed=["NHWC", "NCHW", "NCHW_VECT_C"]'),
    'AvgPool': _AVG_POOL_ATTRS % 'DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE',
    '_MklNativeAvgPool': _AVG_POOL_ATTRS % 'DT_FLOAT, DT_HALF, DT_DOUBLE, DT_BFLOAT16',
    'MaxPool3D': _POOL3D_ATTRS % ('input', 'DT_HALF, DT_BFLOAT16, DT_FLOAT'),
    'AvgPool3D': _POOL3D_ATTRS % ('input', 'DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE'),
    '_MklNativeAvgPool3D': _POOL3D_ATTRS % ('value', 'DT_FLOAT, DT_HALF, DT_DOUBLE, DT_BFLOAT16'),
}


def _node_def_tail(op, input):  # noqa: A002
    """What TF 2.21's attr error adds after the allowed values, for the kernel ``op`` runs on ``input``
    (its '; NodeDef: ...' and '[Op:...] name: '), or '' where the op or the input is not one tabled here."""
    entry = _KERNELS.get(op) or _KERNELS_3D.get(op)
    if entry is None or input is None:
        return ''
    from ..onednn_policy import enabled as onednn_enabled
    from ..tensor import convert_to_tensor
    try:
        x = convert_to_tensor(input)
    except (TypeError, ValueError):
        return ''
    if x.ndim not in ((5,) if op in _KERNELS_3D else (3, 4)):     # 3-D convolution runs other kernels
        return ''
    op_type, onednn_kernel, onednn_dtypes = entry
    node = onednn_kernel if onednn_kernel and x.dtype.name in onednn_dtypes and onednn_enabled() else op_type
    return '\n\t; NodeDef: {{node %s}}; Op<name=%s; %s> [Op:%s] name: ' % (node, node, _OP_DEFS[node], op_type)


def refuse_lowercase(padding, op, python_words=None, input=None):  # noqa: A002
    """``padding`` as given, or TensorFlow's error for a lower-case 'same' / 'valid': the kernel attr's
    InvalidArgumentError, or (``python_words``) the ValueError of an op that checks in Python first; a list
    (explicit padding) where the op takes none is the attr's TypeError. ``input``: the op's input, whose
    dtype says which kernel's definition the attr error prints."""
    if isinstance(padding, (list, tuple)) and op not in _TAKE_LISTS:
        error = TypeError("Expected string for argument 'padding' not %r." % (padding,))
        error.add_note("%s: padding must be 'SAME' or 'VALID' (explicit padding lists are taken by conv2d, "
                       'depthwise_conv2d and max_pool2d)' % op)
        raise error
    if isinstance(padding, str) and padding == 'EXPLICIT' and op in _TAKE_LISTS:
        raise ValueError("'EXPLICIT' is not a valid value for `padding`. To use explicit padding, `padding` must be "
                         'a list.')
    if isinstance(padding, str) and padding not in ('SAME', 'VALID', 'EXPLICIT') and (
            python_words or padding.upper() not in ('SAME', 'VALID')):
        # any other word: the attr's refusal too (or the Python check's), listing what the kernel takes
        error = ValueError('%s Received: padding=%s' % (python_words, padding)) if python_words else \
            InvalidArgumentError('Value for attr \'padding\' of "%s" is not in the list of allowed values: %s%s'
                                 % (padding, '"SAME", "VALID"' if op in _WITHOUT_EXPLICIT else
                                    '"SAME", "VALID", "EXPLICIT"', _node_def_tail(op, input)))
        error.add_note("%s: padding must be 'SAME' or 'VALID', got %r" % (op, padding))
        raise error
    if isinstance(padding, str) and padding != padding.upper() and padding.upper() in ('SAME', 'VALID'):
        if python_words:
            error = ValueError('%s Received: padding=%s' % (python_words, padding))
        else:
            error = InvalidArgumentError('Value for attr \'padding\' of "%s" is not in the list of allowed values: '
                                         '%s%s' % (padding, '"SAME", "VALID"' if op in _WITHOUT_EXPLICIT else
                                                   '"SAME", "VALID", "EXPLICIT"', _node_def_tail(op, input)))
        error.add_note("%s: tf.nn ops take padding='%s' (upper case); 'same' / 'valid' are the Keras layers' "
                       'spelling' % (op, padding.upper()))
        raise error
    return padding
