"""``keras.ops.conv``, ``max_pool`` and ``average_pool``: Keras's lower-case padding and ``data_format``, 1-D to
3-D windows, and TF 2.21's kernel refusals for integer inputs."""
import numpy as np

from framework import errors as _errors
from framework.ops.graph_input_errors import allowed_list_refusal, eager_input_error
from framework import ops as _ops
from framework.tensor import Tensor

from .ops_conv_dtypes import forward_kernel
from .ops_conv_nd import conv_nd
from .ops_dtypes import floating, tensor
from .data_format import standardize_data_format
from .ops_nn import noted_keras_error


# ---- convolution and pooling: 1-D runs as 2-D with a height of 1 ---------------------------
def spatial(inputs, data_format, op, keep_dtype=False):
    x = tensor(inputs, op) if keep_dtype else floating(inputs, op)
    if x.ndim not in (3, 4):
        error = ValueError('Input rank not supported: %d. Expected values are [3, 4, 5]' % x.ndim)  # Keras 3's
        error.add_note('keras.ops.%s: tapeflow supports 1-D and 2-D inputs, (batch, [height,] width, channels) here;'
                       ' got shape %s' % (op, tuple(x.shape)))
        raise error
    data_format = standardize_data_format(data_format, 'keras.ops.' + op)
    first = data_format == 'channels_first'
    if first:
        x = _ops.transpose(x, [0] + list(range(2, x.ndim)) + [1])
    one_d = x.ndim == 3
    return (_ops.expand_dims(x, 1) if one_d else x), one_d, first

__all__ = ['average_pool', 'conv', 'max_pool']


def restore(y, one_d, first):
    if one_d:
        y = _ops.squeeze(y, [1])
    return _ops.transpose(y, [0, y.ndim - 1] + list(range(1, y.ndim - 1))) if first else y


def _window(value, one_d, name):
    entries = list(value) if isinstance(value, (list, tuple)) else [value]
    for v in entries:
        if isinstance(v, (str, bytes)):         # int('2') would take it; TF's attr check refuses
            raise TypeError("Expected int for argument '%s' not %r." % (name, v))
    values = [int(v) for v in entries]
    return ([1] + values) if one_d else (values * 2 if len(values) == 1 else values)


def conv(inputs, kernel, strides=1, padding='valid', data_format=None, dilation_rate=1):
    """N-D convolution (N = 1, 2 or 3) with a (spatial..., in_channels, out_channels) kernel
    (in_channels a divisor of the input's channels: a grouped convolution)."""
    refuse_integer_input(inputs, 'conv', kernel)
    dilations = dilation_rate if isinstance(dilation_rate, (list, tuple)) else [dilation_rate]
    raw = tensor(inputs, 'conv')
    forward_kernel(raw, kernel, 'conv', raw.ndim - 2, any(d != 1 for d in dilations))
    if _beyond_2d_path(inputs, kernel, data_format, dilation_rate):
        return conv_nd(inputs, kernel, strides, padding, data_format, dilation_rate)
    x, one_d, first = spatial(inputs, data_format, 'conv')
    k = floating(kernel, 'conv')
    if one_d:
        k = _ops.expand_dims(k, 0)
    y = _ops.conv2d(x, k, strides=_window(strides, one_d, 'strides'), padding=str(padding).upper())
    return restore(y, one_d, first)


def _beyond_2d_path(inputs, kernel, data_format, dilation_rate):
    """Whether a conv needs the N-d op: 3-D, dilated or grouped (the 2-D op is the fast path)."""
    dilations = dilation_rate if isinstance(dilation_rate, (list, tuple)) else [dilation_rate]
    try:
        shape, kernel_shape = tuple(np.shape(inputs)), tuple(np.shape(kernel))
    except (TypeError, ValueError):
        return False            # not an array: the 2-D path says what is wrong
    if len(shape) < 3:
        return False
    if len(shape) >= 5 or any(d != 1 for d in dilations):
        return True
    channels = shape[1] if data_format == 'channels_first' else shape[-1]
    return len(shape) in (3, 4) and len(kernel_shape) == len(shape) and kernel_shape[-2] != channels


# The kernels' op-registry words for an integer or bool input (Keras 3 on TF casts inputs to neither)
_INTEGER_REFUSALS = {
    'average_pool': ("Value for attr 'T' of %s is not in the list of allowed values: half, bfloat16, float, double\n"
                     "\t; NodeDef: {{node AvgPool}}; Op<name=AvgPool; signature=value:T -> output:T; "
                     "attr=ksize:list(int),min=4; attr=strides:list(int),min=4; attr=padding:string,allowed=[\"SAME\", "
                     "\"VALID\"]; attr=data_format:string,default=\"NHWC\",allowed=[\"NHWC\", \"NCHW\"]; "
                     "attr=T:type,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]> [Op:AvgPool]"),
    'depthwise_conv': ("Value for attr 'T' of %s is not in the list of allowed values: half, bfloat16, float, double\n"
                       "\t; NodeDef: {{node DepthwiseConv2dNative}}; Op<name=DepthwiseConv2dNative; signature=input:T, "
                       "filter:T -> output:T; attr=T:type,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]; "
                       "attr=strides:list(int); attr=padding:string,allowed=[\"SAME\", \"VALID\", \"EXPLICIT\"]; "
                       "attr=explicit_paddings:list(int),default=[]; attr=data_format:string,default=\"NHWC\","
                       "allowed=[\"NHWC\", \"NCHW\"]; attr=dilations:list(int),default=[1, 1, 1, 1]> "
                       "[Op:DepthwiseConv2dNative] name: "),
    'conv': ("Value for attr 'T' of %s is not in the list of allowed values: half, bfloat16, float, double, int32\n"
             "\t; NodeDef: {{node Conv2D}}; Op<name=Conv2D; signature=input:T, filter:T -> output:T; "
             "attr=T:type,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE, DT_INT32]; attr=strides:list(int); "
             "attr=use_cudnn_on_gpu:bool,default=true; attr=padding:string,allowed=[\"SAME\", \"VALID\", "
             "\"EXPLICIT\"]; attr=explicit_paddings:list(int),default=[]; attr=data_format:string,default=\"NHWC\","
             "allowed=[\"NHWC\", \"NCHW\"]; attr=dilations:list(int),default=[1, 1, 1, 1]> [Op:Conv2D] name: "),
}


# Their OpDefs' inputs and allowed T, as a trace's op_def_library names them
_GRAPH_REFUSALS = {'average_pool': ('value:T -> output:T', ('float16', 'bfloat16', 'float32', 'float64')),
                   'depthwise_conv': ('input:T, filter:T -> output:T', ('float16', 'bfloat16', 'float32', 'float64')),
                   'conv': ('input:T, filter:T -> output:T', ('float16', 'bfloat16', 'float32', 'float64', 'int32'))}


def refuse_integer_input(inputs, op, kernel=None):
    """TF's error for an integer or bool input to average_pool / depthwise_conv / conv (numpy would cast it);
    Conv2D takes int32, so an int32 input beside a float kernel fails its dtype pairing instead."""
    t = tensor(inputs, op)
    if op == 'conv' and t.dtype.name == 'int32' and kernel is not None:
        k = tensor(kernel, op)
        if k.dtype.name != 'int32':
            raise noted_keras_error(eager_input_error('Conv2D', 1, 'int32', k.dtype), op,
                         'cast the input to the kernel\'s dtype first')
        return
    if t._data.dtype.kind in 'iub':
        signature, allowed = _GRAPH_REFUSALS[op]        # (in a trace: op_def_library's TypeError)
        raise noted_keras_error(allowed_list_refusal(_errors.InvalidArgumentError(_INTEGER_REFUSALS[op] % t.dtype.name), 'T',
                                          t.dtype.name, allowed, signature), op,
                     'cast the input to a floating dtype first')


def _pool(tapeflow_op, op, volume_op):
    def pool(inputs, pool_size, strides=None, padding='valid', data_format=None):
        if isinstance(inputs, (list, tuple)):       # Keras reads inputs.shape before converting anything
            raise AttributeError("'%s' object has no attribute 'shape'" % type(inputs).__name__)
        if op == 'average_pool':        # TF's AvgPool refuses integers
            refuse_integer_input(inputs, op)
        else:
            inputs = _max_pool_input(inputs, data_format)
        strides = pool_size if strides is None else strides
        if np.ndim(inputs) == 5:        # (batch, depth, height, width, channels): Keras hands it to tf.nn's 3-D pool
            return _volume_pool(volume_op, inputs, pool_size, strides, padding, data_format, op)
        x, one_d, first = spatial(inputs, data_format, op, keep_dtype=op == 'max_pool')
        y = tapeflow_op(x, _window(pool_size, one_d, 'ksize'), _window(strides, one_d, 'strides'),
                        padding=str(padding).upper())
        return restore(y, one_d, first)
    pool.__name__ = pool.__qualname__ = op
    pool.__doc__ = '1-D, 2-D or 3-D %s pooling; ``strides`` defaults to ``pool_size``.' % op.split('_')[0]
    return pool


def _max_pool_input(inputs, data_format):
    """``inputs`` as Keras 3 on TF hands them to MaxPool: tensors keep their dtype (integers too: MaxPool3D's
    registry then refuses them), and a channels_last 4-D numpy array converts to MaxPool's default T, float32
    (max_pool(np.float64 images) is float32 on TF 2.21; channels_first arrays are transposed to tensors first)."""
    t = tensor(inputs, 'max_pool')
    if not isinstance(inputs, Tensor) and t.ndim == 4 and data_format != 'channels_first' and t.dtype != 'float32':
        return _ops.cast(t, 'float32')
    return t


def _volume_pool(volume_op, inputs, pool_size, strides, padding, data_format, op):
    """A 3-D pool as Keras 3's TensorFlow backend runs it: channels_first moved to the end and back."""
    x = tensor(inputs, op) if op == 'max_pool' else floating(inputs, op)
    first = data_format == 'channels_first'
    if first:
        x = _ops.transpose(x, [0, 2, 3, 4, 1])
    y = volume_op(x, _volume_window(pool_size, 'ksize'), _volume_window(strides, 'strides'),
                  padding=str(padding).upper())
    return _ops.transpose(y, [0, 4, 1, 2, 3]) if first else y


def _volume_window(value, name):
    values = _window(value, False, name)
    single = not isinstance(value, (list, tuple)) or len(value) == 1
    return values[:1] * 3 if single else values


max_pool = _pool(_ops.max_pool2d, 'max_pool', _ops.max_pool3d)
average_pool = _pool(_ops.avg_pool2d, 'average_pool', _ops.avg_pool3d)
