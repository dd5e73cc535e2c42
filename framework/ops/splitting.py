"""tf.split: equal parts (TF's Split kernel) or parts of given sizes (SplitV), with their kernels' checks
and errors in their order; the parts are one op's outputs, with TF's SplitGrad (split_parts.py)."""
import numpy as np

from ..errors import InvalidArgumentError, kernel_error
from ..tensor import Tensor, convert_to_tensor
from .axis_errors import int32_converted
from .graph_input_errors import kernel_dtype_name
from .operands import as_tensor, named_errors, normalize_axis
from .shapes import _ints
from .split_parts import split_parts


@named_errors('split')
def split(value, num_or_size_splits, axis=0, num=None, name=None):
    """Split along ``axis`` into equal parts, or parts of the given sizes."""
    x = as_tensor(value, 'split')
    equal_parts = isinstance(num_or_size_splits, (int, np.integer))
    if equal_parts and num_or_size_splits <= 0:
        raise _split_error(InvalidArgumentError(
            "Value for attr 'num_split' of %d must be at least minimum 1\n\t; NodeDef: {{node Split}}; Op<name=Split; "
            "signature=split_dim:int32, value:T -> output:num_split*T; attr=num_split:int,min=1; attr=T:type> "
            "[Op:Split]%s" % (num_or_size_splits,
                              # (TF's fast path takes 0 and names it; a negative count falls to the slow path)
                              ' name: split' if num_or_size_splits == 0 else '')),
            'split: cannot split into %d parts' % num_or_size_splits)
    if not equal_parts and (isinstance(num_or_size_splits, (float, np.floating))
                            or getattr(num_or_size_splits, 'ndim', None) == 0):      # TF's Python check, its words
        raise _split_error(ValueError('Rank-0 tensors are not supported as the num_or_size_splits argument to '
                                      'split. Argument provided: %s' % (num_or_size_splits,)),
                           'split: give a whole number of parts (an int) or a list of sizes, got %r'
                           % (num_or_size_splits,))
    named = 'split' if name is None else name
    if equal_parts:
        kernel, parts = 'Split', int(num_or_size_splits)
    else:
        kernel, sizes, parts = 'SplitV', _split_sizes(num_or_size_splits, num, named), num
        if parts is None:
            parts = len(sizes)
        elif parts != len(sizes):         # TF's Python passes num as the kernel's output count
            raise _split_error(_split_kernel_error(
                kernel, parts, 'size of the split_tensor must be 1-D and have the same elements as outputs got 1 -D '
                               'and %d elements' % len(sizes), named),
                'split: num=%d but %d sizes were given' % (parts, len(sizes)))
    axis = int32_converted('split', axis)       # np.float32(1), True: TF casts them to int32
    axis_rank = np.ndim(axis) if isinstance(axis, (list, tuple, np.ndarray, Tensor)) else 0
    if axis_rank and kernel == 'Split':     # Split reads a scalar split_dim (SplitV takes a one-element vector)
        raise _split_error(_split_kernel_error(kernel, parts, 'split_dim must be a scalar but has rank %d' % axis_rank,
                                               # (a Python list takes TF's slow path: no ' name: ' tail)
                                               None if isinstance(axis, (list, tuple)) else named),
                           'split: axis must be one integer, got %r' % (axis,))
    if isinstance(axis, (int, np.integer)) and not -x.ndim <= axis < x.ndim:
        # (a numpy scalar takes TF's slow path: no ' name: ' tail)
        named = None if isinstance(axis, np.integer) else named
        raise _split_error(_split_kernel_error(kernel, parts, '-input rank(-%d) <= split_dim < input rank (%d), but '
                                                              'got %d' % (x.ndim, x.ndim, axis), named),
                           'split: axis %d is out of range for a tensor of rank %d' % (axis, x.ndim))
    (ax,) = normalize_axis(axis, x.ndim, 'split')
    n = x._data.shape[ax]
    if equal_parts:
        k = parts
        if n % k:
            raise _split_error(_split_kernel_error(
                kernel, k, 'Number of ways to split should evenly divide the split dimension, but got split_dim %d '
                           '(size = %d) and num_split %d' % (ax, n, k), named),
                'split: axis %d of size %d cannot be split into %d equal parts' % (ax, n, k))
        sizes = [n // k] * k
    else:
        _check_split_sizes(sizes, n, ax, parts, named)
    ends = np.cumsum([0] + sizes).tolist()
    return split_parts(x, ax, list(zip(ends[:-1], ends[1:])))


def _split_sizes(given, num, named):
    """The list of sizes tf.split was given, as ints; SplitV's attribute errors (no output, float sizes)
    and its rank error (sizes nested in a list) where TensorFlow would give them."""
    try:
        array = convert_to_tensor(given)._data
    except (TypeError, ValueError):
        array = None        # (tensors among Python numbers: _ints reads them)
    parts = num if num is not None or array is None or array.ndim == 0 else array.shape[0]
    if parts is not None and parts < 1:
        _refuse_split_v_attr("'num_split' of %d must be at least minimum 1" % parts, named)
    if array is None:
        return list(_ints(given, 'split'))
    if array.dtype.kind not in 'iu':
        _refuse_split_v_attr("'Tlen' of %s is not in the list of allowed values: int8, int32, int64"
                             % kernel_dtype_name(convert_to_tensor(given).dtype), named)
    if array.ndim != 1:
        raise _split_error(_split_kernel_error(
            'SplitV', parts, 'size of the split_tensor must be 1-D and have the same elements as outputs got %d -D '
                             'and %d elements' % (array.ndim, array.size), named),
            'split: sizes must be a flat list, got %r' % (given,))
    return [int(size) for size in array]


def _refuse_split_v_attr(text, named):
    raise InvalidArgumentError(
        "Value for attr %s\n\t; NodeDef: {{node SplitV}}; Op<name=SplitV; signature=value:T, size_splits:Tlen, "
        "split_dim:int32 -> output:num_split*T; attr=num_split:int,min=1; attr=T:type; attr=Tlen:type,"
        "default=DT_INT64,allowed=[DT_INT8, DT_INT32, DT_INT64]> [Op:SplitV] name: %s" % (text, named))


def _check_split_sizes(sizes, n, ax, parts, named):
    """SplitV's checks, in its kernel's order, on ``sizes`` for an axis of size ``n``: one output must
    take the whole axis (even for -1); one size at most may be -1, and the others must add up to
    ``n`` exactly (with no -1) or to no more than ``n`` (with one); then none may be negative (numpy
    would slice silently wrong parts). Fills in the -1 in place."""
    def refuse(text, note):
        raise _split_error(_split_kernel_error('SplitV', parts, text, named), note)
    if parts == 1:
        if sizes[0] != n:
            refuse('If there is only one output, it must have the same size as the input. Input size: %d output '
                   'size: %d' % (n, sizes[0]), 'split: one size %d for axis %d of size %d' % (sizes[0], ax, n))
        return
    if sizes.count(-1) > 1:
        refuse('There can only be one -1 in the input.',
               'split: sizes %s hold more than one -1; only one size can be inferred' % (sizes,))
    determined = sum(size for size in sizes if size != -1)
    if determined > n if -1 in sizes else determined != n:
        refuse('Determined shape must either match input shape along split_dim exactly if fully specified, or be '
               'less than the size of the input along split_dim if not fully specified.  Got: %d' % determined,
               'split: sizes %s do not add up to %d (axis %d)' % (sizes, n, ax))
    if -1 in sizes:
        sizes[sizes.index(-1)] = n - determined
    for i, size in enumerate(sizes):
        if size < 0:
            refuse('Split size at index %d must be >= 0. Got: %d' % (i, size),
                   'split: size at index %d must be >= 0 (or -1 to infer it), got %d' % (i, size))


def _split_kernel_error(kernel, parts, text, named):
    """TF's Split / SplitV kernel error: its node names the number of parts, its tail the op's name ('split')."""
    return kernel_error(kernel, text, named=named, node='%s_num_split_%d' % (kernel, parts))


def _split_error(error, note):
    error.add_note(note)
    return error
