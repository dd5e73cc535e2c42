"""VALID pooling windows larger than the input, as TensorFlow 2.21's CPU kernels answer.

TF sizes each axis as ``(input - window + stride) / stride`` with C's truncating
division. A negative size is its InvalidArgumentError ('Computed output size
would be negative'); a size of 0 (a window larger than the input, strides at
least that excess) gives AvgPool an empty output, and MaxPool too where TF runs its own kernel, while the
oneDNN MaxPool refuses to build its primitive (AbortedError) unless the input itself is empty.
"""
from ..errors import AbortedError, InvalidArgumentError, kernel_error
from .. import backend, onednn_policy
from ..tensor import Tensor
from .operands import ACTIVE, record


def empty_valid_pool_sizes(spatial, kernel, strides, padding, op, kind, dilations=None, empty_input=False,
                           dtype=None, pooled=None):
    """The output's spatial sizes when VALID ``kind`` ('max' / 'avg' / 'argmax') pooling leaves it empty,
    else None (every window fits, or SAME padding). ``empty_input``: the input has no element
    (a zero batch, channel or spatial size), which TF's max pool returns at once, empty. ``dtype``: the
    input's, which picks the kernel that words a negative size (oneDNN's AvgPool for float32). ``pooled``:
    the input tensor, whose lengths a running trace may know (see refuse_in_graph).

    Raises:
        InvalidArgumentError: an axis whose size would be negative.
        AbortedError: an empty max pool of a non-empty input (TF's oneDNN kernel refuses it).
    """
    if str(padding).upper() != 'VALID':
        return None
    dilations = dilations or (1,) * len(kernel)
    sizes = []
    for n, k, s, d in zip(spatial, kernel, strides, dilations):
        k = (k - 1) * d + 1
        numerator = n - k + s
        size = numerator // s if numerator >= 0 else -(-numerator // s)
        if size < 0:
            raise negative_size_error(_pool_kernel(kind, len(spatial), dtype), size, n, k, s,
                                      "%s: the pooling window is larger than the input: use padding='same' or a "
                                      'smaller window' % op)
        sizes.append(size)
    if min(sizes) > 0:
        return None
    refuse_in_graph(pooled, spatial, kernel, dilations, op)
    if kind in ('max', 'argmax') and not onednn_policy.enabled():
        # TF 2.21's own MaxPool / MaxPool3D / MaxPoolWithArgmax kernels, where oneDNN is off (this AMD EPYC: every
        # dtype), answer with the empty output (MaxPooling2D(5) of (1, 3, 3, 1) is (1, 0, 0, 1)); its gradient is
        # zeros here (TF's reads uninitialized memory)
        return tuple(sizes)
    if kind in ('max', 'argmax') and not empty_input:
        note = ('%s: a window of %s does not fit an input of %s with VALID padding, so the output would be empty, '
                "and TF's oneDNN MaxPool refuses it; use padding='same' or a smaller window"
                % (op, tuple(kernel), tuple(spatial)))
        if kind == 'max' and onednn_policy.enabled():
            # TF 2.21's words where oneDNN runs its MaxPool (this Xeon: every dtype)
            kernel_name = 'MaxPool3D' if len(spatial) == 3 else 'MaxPool'
            raise kernel_error(kernel_name, 'Compute received an exception:Status: 2, message: could not create a '
                               'descriptor for a pooling forward propagation primitive, in file '
                               'tensorflow/core/kernels/mkl/mkl_maxpooling_op.cc:211', named=True, note=note,
                               error_class=AbortedError)
        raise AbortedError(note)
    return tuple(sizes)


def refuse_in_graph(pooled, spatial, kernel, dilations, op):
    """In a trace that knows a length of ``pooled`` shorter than its VALID window, TF's graph refuses the op
    ("Negative dimension size caused by subtracting 2 from 1"), where its kernel would give an empty output:
    raised as an InvalidArgumentError that the naming hook words as the graph's (graph_conv_errors.pool_error).
    Lengths the trace leaves open (and tensors it does not know) pool to the empty output, as TF's kernel
    does at run time."""
    from .. import trace_names
    entry = trace_names.entry_of(pooled) if pooled is not None else None
    if entry is None or entry[1] is None or len(entry[1]) != len(spatial) + 2:
        return
    for length, n, k, d in zip(entry[1][1:-1], spatial, kernel, dilations):
        if length is not None and n < (k - 1) * d + 1:
            raise InvalidArgumentError('%s: a window of %d does not fit an input of %d with VALID padding'
                                       % (op, (k - 1) * d + 1, n))


def negative_size_error(kernel, size, input_size, window, stride, note):
    """TF 2.21's kernel error for a VALID window larger than the input (its GetWindowedOutputSize):
    ``kernel`` is (op type, the kernel that ran or None)."""
    op_type, node = kernel
    return kernel_error(op_type, 'Computed output size would be negative: %d [input_size: %d, effective_filter_size: '
                                 '%d, stride: %d]' % (size, input_size, window, stride), named=True, node=node,
                        note=note)


def _pool_kernel(kind, rank, dtype):
    """(op type, kernel) of TF's pooling op: a 1-D pool runs the 2-D kernel; AvgPool runs oneDNN's kernel
    for float32 and bfloat16 where oneDNN is on, MaxPool its own."""
    op_type = {'max': 'MaxPool', 'avg': 'AvgPool', 'argmax': 'MaxPoolWithArgmax'}.get(kind, 'MaxPool')
    op_type += '3D' if rank == 3 and kind != 'argmax' else ''
    onednn = kind == 'avg' and getattr(dtype, 'name', None) in ('float32', 'bfloat16') and onednn_policy.enabled()
    return op_type, '__MklNative' + op_type if onednn else None


def empty_pool_output(x, sizes):
    """The empty (N, *sizes, C) result of average pooling ``x``; its gradient is zero."""
    xp = backend.array_module(x._data)
    out = Tensor(xp.zeros((x.shape[0],) + tuple(sizes) + (x.shape[-1],), x._data.dtype))
    if ACTIVE:
        record('avg_pool', (x,), out, (lambda g, y, x: Tensor(xp.zeros(x.shape, x._data.dtype)),))
    return out
