"""conv1d: a 2-D convolution over a height of 1 (TensorFlow computes it the same way)."""
from ..errors import InvalidArgumentError
from .convolution import conv2d, filter_rank_error
from .conv_operand_dtypes import refuse_unpaired, separate
from .convolution_open_lengths import open_lengths, with_open_lengths
from .operands import named_errors
from .padding_attr import refuse_lowercase
from .shapes import expand_dims, squeeze, transpose
from ..tf_python_names import tf_named


def _single(value, name):
    """An int >= 1 from an int, [d] or TensorFlow's [1, d, 1] (None: 1)."""
    if value is None:
        return 1
    values = [value] if isinstance(value, int) else list(value)
    if len(values) == 3 and values[0] == values[2] == 1:
        values = values[1:2]
    if len(values) != 1 or not isinstance(values[0], int) or values[0] < 1:
        raise InvalidArgumentError('conv1d: %s must be an int >= 1 or [1, d, 1], got %r' % (name, value))
    return values[0]


@tf_named('conv1d_v2')
@named_errors('conv1d')
def conv1d(input, filters, stride, padding, data_format='NWC', dilations=None, name=None):  # noqa: A002
    """1-D convolution of (N, W, C_in) input with (K, C_in, C_out) filters.

    Args:
        stride: an int, or [1, s, 1] as TensorFlow also accepts.
        padding: 'VALID' or 'SAME'.
        data_format: 'NWC', or 'NCW' (channels first; transposed around the NWC computation).
        dilations: an int, or [1, d, 1]: the kernel's taps d steps apart.
    Raises:
        ValueError: ranks or channel counts that do not match, or a bad dilation.
    """
    padding = refuse_lowercase(padding, 'conv1d', input=input)
    x, f = separate(input, filters, 'conv1d')       # (TF converts each, then its Conv2D checks their dtypes first)
    refuse_unpaired(x, f, 'Conv2D')         # (what it lets through is Conv2D's: floats, and int32 as conv2d takes it)
    if not isinstance(padding, str) or padding.upper() not in ('VALID', 'SAME'):
        raise ValueError("conv1d: padding must be 'VALID' or 'SAME', got %r" % (padding,))
    if data_format not in ('NWC', 'NCW'):
        raise ValueError("conv1d: data_format must be 'NWC' or 'NCW', got %r" % (data_format,))
    if x.ndim != 3 or f.ndim != 3:
        note = ('conv1d: input must be (N, W, C) and filters (K, C, O), got shapes %s and %s'
                % (tuple(x.shape), tuple(f.shape)))
        if f.ndim != 3 and x.dtype == f.dtype and x.ndim >= 3:
            # TF expands the filters to (1, K, C, O) and its Conv2D kernel checks their rank first
            from ..onednn_policy import enabled as onednn_enabled
            onednn = x.dtype.name in ('float32', 'float16', 'bfloat16') and onednn_enabled()
            raise filter_rank_error((1,) + tuple(f.shape), onednn, note)
        raise InvalidArgumentError(note)
    if isinstance(stride, (list, tuple)):
        if len(stride) != 3 or stride[0] != 1 or stride[2] != 1:
            raise ValueError('conv1d: stride must be an int or [1, s, 1], got %r' % (stride,))
        stride = stride[1]
    dilation = _single(dilations, 'dilations')
    if data_format == 'NCW':
        from .backprop_input_kernel import runs_onednn
        if not runs_onednn(x._data.dtype):      # TF's NCHW Conv2D: its own CPU kernels refuse the layout
            from .conv2d_channels_first import eigen_format_error
            raise eigen_format_error(x._data.dtype)
        x = transpose(x, [0, 2, 1])
    image = with_open_lengths(expand_dims(x, 1), (False,) + open_lengths(x))     # (a trace's open length stays open)
    out = squeeze(conv2d(image, expand_dims(f, 0), strides=[1, stride], padding=padding,
                         dilations=[1, dilation]), [1])
    return transpose(out, [0, 2, 1]) if data_format == 'NCW' else out
