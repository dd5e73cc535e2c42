"""Windowing stages: window, group_by_window and bucket_by_sequence_length (tf.data's semantics)."""
import collections

import numpy as np

from .. import nest
from ..errors import noted
from .arguments import positive_int
from ..tensor import Tensor
from .structure import call_with_element

_END = object()


def windowed(source, size, shift, stride, drop_remainder, make_dataset):
    """Windows of ``size`` elements ``stride`` apart, one starting every ``shift`` elements.

    Each window is the element structure with a Dataset in place of every component:
    ``make_dataset(values, index)`` makes it from the component's values and its place in the
    flattened element.
    """
    size = positive_int(size, 'size', 'Dataset.window', ('WindowDataset', 'Window size must be greater than zero.'))
    shift, stride = (positive_int(value, name, 'Dataset.window',
                                  ('WindowDataset', 'Window %s must be greater than zero.' % name))
                     for name, value in (('shift', shift), ('stride', stride)))
    span = (size - 1) * stride + 1

    def windows():
        inputs, buffer = source(), collections.deque()
        base, start, done = 0, 0, False
        while True:
            while not done and base + len(buffer) < start + span:
                element = next(inputs, _END)
                if element is _END:
                    done = True
                else:
                    buffer.append(element)
            while base < start and buffer:
                buffer.popleft()
                base += 1
            members = [buffer[j] for j in range(start - base, len(buffer), stride)][:size] if base == start else []
            if not members or (drop_remainder and len(members) < size):
                return
            columns = zip(*[nest.flatten(m) for m in members])
            yield nest.pack_sequence_as(members[0], [make_dataset(list(c), i) for i, c in enumerate(columns)])
            start += shift
    return windows


def grouped_by_window(source, key_func, reduce_func, window_size, window_size_func, make_dataset,
                      output_components=lambda: 1):
    """Elements grouped by ``key_func``; each full group (or, at the end, each rest in key order)
    becomes ``reduce_func(key, window_dataset)``, whose elements are given out in turn.
    ``output_components()`` counts the result's components, which TF's IteratorGetNext error names."""
    if (window_size is None) == (window_size_func is None):
        raise noted(ValueError('Either the `window_size` argument or the `window_size_func` argument must be '
                               'specified.'), 'Dataset.group_by_window: give exactly one of them')
    size_of = (lambda key: window_size) if window_size_func is None else window_size_func

    def reduced(key, members):
        result = reduce_func(np.int64(key), make_dataset(members))
        if not hasattr(result, '_make_iterator'):
            raise _not_a_dataset_error(result)
        return result._make_iterator()

    def elements():
        groups = {}
        for element in source():
            key = _key(call_with_element(key_func, element))
            members = groups.setdefault(key, [])
            members.append(element)
            size = int(np.asarray(size_of(Tensor(np.int64(key)))))      # (TF's window_size_func takes a tensor)
            if size <= 0:
                raise _window_size_error(size, output_components())
            if len(members) >= size:
                del groups[key]
                yield from reduced(key, members)
        for key in sorted(groups):
            yield from reduced(key, groups[key])
    return elements


def _window_size_error(size, components):
    # TF 2.21's GroupByWindowDataset refuses the size when the first element needs a window
    from ..errors import kernel_error
    error = kernel_error('IteratorGetNext', 'Window size must be greater than zero, but got %d.' % size, named=True,
                         node='IteratorGetNext_output_types_%d' % components)
    error.add_note('Dataset.group_by_window: window_size (or window_size_func\'s result) must be at least 1')
    return error


def check_bucket_batch_sizes(sizes):
    """TF 2.21 makes bucket_batch_sizes an int64 constant when the dataset is made: 2.5 in it is refused."""
    if not all(isinstance(size, (int, np.integer)) or isinstance(size, Tensor) for size in sizes):
        raise noted(TypeError('Cannot convert %r to EagerTensor of dtype int64' % (sizes,)),
                    'Dataset.bucket_by_sequence_length: bucket_batch_sizes must be integers')


def past_last_boundary(key, boundaries, components):
    """TF 2.21's error for an element at or past the last boundary with pad_to_bucket_boundary: its batching
    function's assert_less(bucket_id, len(boundaries)) fails inside group_by_window (an InternalError
    wrapping the assertion; the graph ids in the function names are those of a fresh program's)."""
    from ..errors import InternalError, kernel_error
    text = ('Got error code INVALID_ARGUMENT and message: {\nassertion failed: [When pad_to_bucket_boundary=True, '
            'elements must have length < max(bucket_boundaries).] [Condition x < y did not hold element-wise:] '
            '[x (args_0:0) = ] [%d] [y (Const_1:0) = ] [%d]\n\t [[{{function_node assert_less_Assert_AssertGuard_false_66}}'
            '{{node assert_less/Assert/AssertGuard/Assert}}]]\n} \nfrom running user-defined function '
            '__inference_Dataset_group_by_window_batching_fn_100: ' % (key, len(boundaries)))
    return kernel_error('IteratorGetNext', text, named=True, node='IteratorGetNext_output_types_%d' % components,
                        error_class=InternalError,
                        note='Dataset.bucket_by_sequence_length: with pad_to_bucket_boundary every length must be '
                             'below the last boundary %d' % boundaries[-1])


def boundary_padded_shapes(padded_shapes, element_spec, filler, flat=False):
    """The shapes a bucket pads to (filler None without pad_to_bucket_boundary), as TF 2.21's make_padded_shapes: the user's
    ``padded_shapes`` (else the elements' shapes) with each unknown length set to ``filler`` (the bucket's
    boundary - 1; None for the spec, where TF's filler is a tensor). Known lengths stay: padded_shapes=[8]
    pads every bucket to 8, not to its boundary. ``flat``: a list of the shapes, in nest.flatten's order."""
    from ..tensor_shape import TensorShape

    def filled(shape):
        dims = list(TensorShape(shape)) if not isinstance(shape, Tensor) else shape     # (TF's words for no rank)
        return [filler if d is None or d == -1 else d for d in dims]

    def each(shapes):
        if isinstance(shapes, dict):
            return {key: each(shapes[key]) for key in (sorted(shapes) if flat else shapes)}
        if isinstance(shapes, tuple) or (isinstance(shapes, list) and any(
                isinstance(d, (list, tuple, TensorShape, dict)) for d in shapes)):
            return type(shapes)(each(value) for value in shapes)
        return filled(shapes)

    def leaves(shapes):
        if isinstance(shapes, dict):
            return [leaf for value in shapes.values() for leaf in leaves(value)]
        if isinstance(shapes, tuple) or (shapes and isinstance(shapes[0], (list, dict, tuple))):
            return [leaf for value in shapes for leaf in leaves(value)]
        return [shapes]
    if not padded_shapes:
        shapes = [filled(spec.shape) for spec in nest.flatten(element_spec)]
        return shapes if flat else nest.pack_sequence_as(element_spec, shapes)
    return leaves(each(padded_shapes)) if flat else each(padded_shapes)


def bucket_key(element_length_func, boundaries):
    """key_func for bucket_by_sequence_length: as TF 2.21, the first bucket i whose [low, high) holds the
    length, lows [int32 min] + boundaries and highs boundaries + [int32 max]; boundaries that do not
    increase are taken as given (TF checks nothing: [3, 2] puts lengths 0, 1 and 2 in bucket 0)."""
    lows = np.array([np.iinfo(np.int32).min] + list(boundaries), np.int64)
    highs = np.array(list(boundaries) + [np.iinfo(np.int32).max], np.int64)

    def key(*element):
        length = element_length_func(*element)
        _check_int32_length(length)
        length = int(np.asarray(length))
        holding = np.flatnonzero((lows <= length) & (length < highs))
        return np.int64(holding[0] if holding.size else np.iinfo(np.int64).max)   # TF: reduce_min of no index
    return key


def _check_int32_length(length):
    """TF compares the length with int32 bounds (less_equal(list of ints, length)): another dtype is refused."""
    if isinstance(length, Tensor) and length.dtype.name != 'int32':
        raise noted(TypeError("Input 'y' of 'LessEqual' Op has type %s that does not match type int32 of argument "
                              "'x'." % length.dtype.name),
                    'Dataset.bucket_by_sequence_length: element_length_func must return an int32 length')
    if isinstance(length, (float, np.floating, str)):
        raise noted(TypeError("Expected int32 passed to parameter 'y' of op 'LessEqual', got %r of type '%s' instead. "
                              "Error: Expected int32, but got %r of type '%s'."
                              % (length, type(length).__name__, length, type(length).__name__)),
                    'Dataset.bucket_by_sequence_length: element_length_func must return an int32 length')


def int64_scalar_refusal(which):
    """The check TF 2.21 makes of what group_by_window's ``key_func`` / ``window_size_func`` (``which``)
    returned, when it traces them: its wrapper converts the result to an int64 tensor (a tensor of another
    dtype: ValueError naming the graph tensor, 'Cast:0'; 2.5 / '3': graph conversion's TypeError; None:
    ValueError; True: 1), then refuses any shape but a scalar (a tuple packs to (2,))."""
    def refusal(result):
        error = _int64_scalar_error(result, which)
        if error is not None:
            error.add_note('Dataset.group_by_window: %s must return an int64 scalar (tf.cast(x, tf.int64))' % which)
        return error
    return refusal


def _int64_scalar_error(result, which):
    from ..tensor import Tensor
    if isinstance(result, Tensor) and result.dtype.name != 'int64':
        return ValueError('Tensor conversion requested dtype int64 for Tensor with dtype %s: %r'
                          % (result.dtype.name, result))
    if result is None:
        return ValueError('None values not supported.')
    if isinstance(result, (float, str, np.floating)):
        return TypeError("Expected int64, but got %s of type '%s'." % (result, type(result).__name__))
    if isinstance(result, (Tensor, tuple, list, np.ndarray)):
        try:
            shape = np.shape(np.asarray(nest.map_structure(np.asarray, result) if isinstance(result, (tuple, list))
                                        else result))
        except (TypeError, ValueError):
            return None             # (tapeflow's own check then names it)
        if shape != ():
            from .spec import TensorSpec
            return ValueError('Invalid `%s`. `%s` must return a single `tf.int64` scalar tensor but its return type '
                              'is %r.' % (which, which, TensorSpec(shape, 'int64')))
    return None


def _key(value):
    key = np.asarray(value)
    if key.shape != () or key.dtype.kind not in 'iub':
        raise TypeError('Dataset.group_by_window: key_func must return a scalar integer (int64), got %r '
                        '(shape %s, dtype %s)' % (value, key.shape, key.dtype))
    return int(key)


def _not_a_dataset_error(result):
    """TF 2.21's TypeError for a reduce_func that does not return a Dataset: it names the spec of what
    the function returned (its trace converts a Python number to a tensor)."""
    from ..tensor import convert_to_tensor
    from .structure import spec_of
    try:
        returned = spec_of(nest.map_structure(convert_to_tensor, result))
    except Exception:        # noqa: BLE001 -- a value no tensor holds: name its Python type instead
        returned = type(result).__name__
    return noted(TypeError('Invalid `reduce_func`. `reduce_func` must return a single `tf.data.Dataset` object but its '
                           'return type is %s.' % (returned,)),
                 'Dataset.group_by_window: reduce_func(key, window) must return a Dataset (window.batch(n), ...)')
