"""Jacobians by one reverse sweep per target element.

``GradientTape.jacobian`` / ``batch_jacobian`` delegate here. Each sweep seeds
one element (or, for batch jacobians, one element of every example at once,
since examples are independent) and keeps the record until all are done.
"""
import contextlib

from numpy import generic, ndarray

from . import jacobian_tiling, nest, ops, pfor_errors
from .backend import array_module
from .tape_arguments import NotATensorError, check_sources, result
from .pfor_tracing import pfor_called
from .ops import pfor_rows, reductions
from .indexed_slices import IndexedSlices
from .tensor import Tensor


def jacobian(tape, target, sources, unconnected, use_pfor=True, parallel_iterations=None):
    """d target[i...] / d source[j...]: shape target.shape + source.shape for each source.
    ``use_pfor`` (TensorFlow's vectorized way, the default) changes only its tracing warnings;
    ``parallel_iterations`` only TF's refusals and its tiled rows (jacobian_tiling)."""
    tape._check_usable()
    flat_sources = nest.flatten(sources)
    if isinstance(target, IndexedSlices):
        target = _densified(tape, target)
    with _refusals_keep_the_tape(tape):
        if not isinstance(target, Tensor) and not _numpy_value(target):
            raise NotATensorError(target, 'shape', 'jacobian: target must be a single Tensor, got %s'
                                  % type(target).__name__)
        if use_pfor:
            pfor_called()
        else:
            _refuse_one_shot_tape(tape, 'jacobian', "to compute the jacobian with eager execution enabled and with  "
                                                    "experimental_use_pfor set to False.")
        _check_loop_sources(flat_sources, use_pfor)
    if not isinstance(target, Tensor):
        return _jacobian_of_a_constant(tape, target, sources, flat_sources, unconnected)
    n = target._data.size
    if not use_pfor:        # (TF's eager loop checks the knob before its first row)
        jacobian_tiling.tiles(parallel_iterations, n, use_pfor)
    rows = [[] for _ in flat_sources]
    connected = [False] * len(flat_sources)
    xp = array_module(target._data)     # seeds live where the target lives
    eye = Tensor(xp.eye(n, dtype=target.dtype).reshape((n,) + tuple(target.shape)))
    with pfor_rows.stacked(n if use_pfor else 1), _traced_backward(tape, use_pfor), \
            _pfor_errors(use_pfor, 'jacobian'):     # TF's pfor: one traced sweep, its errors in its words
        # TF's loop gathers row i of the target: an integer target's gather is not recorded, so every row's
        # gradient is None, even of the target itself (tape.gradient(x, x) of an int32 x is still 1)
        recorded = target._data.dtype.kind in 'fcV'
        for i in range(n):
            pfor_rows.SWEEP[0] = i
            grads = tape._backward([target], [eye[i]], flat_sources, free=False) if recorded else {}
            for k, s in enumerate(flat_sources):
                g = grads.get(id(s))
                connected[k] = connected[k] or g is not None
                rows[k].append(_zero_filled(g, s, unconnected, use_pfor))
        if use_pfor and jacobian_tiling.tiles(parallel_iterations, n, use_pfor):
            _tiled_rows(tape, rows, flat_sources, connected, unconnected, parallel_iterations)
    if not n:
        # An empty target: TF's pfor traces one row and answers zeros for the sources that row reaches
        # (None for the others, as its gradient); one sweep of an empty seed tells which are reached.
        grads = tape._backward([target], [Tensor(xp.zeros(tuple(target.shape), target.dtype))], flat_sources,
                               free=False)
        connected = [grads.get(id(s)) is not None for s in flat_sources]
    if not tape._persistent:
        tape._release()
    if not use_pfor:
        _for_loop_refusals(target, flat_sources, connected, unconnected)
    out = []
    for k, s in enumerate(flat_sources):
        if unconnected == 'none' and not connected[k]:
            out.append(None)
        elif rows[k]:
            out.append(ops.reshape(ops.stack(rows[k]), tuple(target.shape) + tuple(s.shape)))
        else:
            out.append(Tensor(array_module(s._data).zeros(tuple(target.shape) + tuple(s.shape), s.dtype)))
    return nest.pack_sequence_as(sources, out)


def _tiled_rows(tape, rows, flat_sources, connected, unconnected, parallel_iterations):
    """TF's tiled pfor: a None row cannot be stacked, and on a tape that is not persistent the tiles'
    rows come from a fresh empty tape (zeros with unconnected_gradients='zero', else that refusal)."""
    jacobian_tiling.refuse_unstackable(connected, unconnected)
    if tape._persistent:
        return
    jacobian_tiling.refuse_unstackable([False], unconnected)
    first = jacobian_tiling.untiled_rows(parallel_iterations, len(rows[0]) if rows else 0)
    for k, s in enumerate(flat_sources):
        xp = array_module(s._data)
        rows[k][first:] = [Tensor(xp.zeros(tuple(s.shape), s.dtype)) for _ in rows[k][first:]]


def _numpy_value(value):
    return isinstance(value, (ndarray, generic))


@contextlib.contextmanager
def _refusals_keep_the_tape(tape):
    """TF 2.21 refuses bad arguments before the sweep that uses a one-shot tape up: a corrected call on
    the same tape still answers, as after a refused gradient()."""
    try:
        yield
    except BaseException:
        tape._used = False
        raise


def _check_loop_sources(flat_sources, use_pfor):
    """TF 2.21 checks the sources in the gradient call of its loop over the target's rows, after it has
    read the target: pfor traces that call, so AutoGraph rewords its errors ('in user code:')."""
    try:
        check_sources(flat_sources, 'jacobian')
    except (TypeError, AttributeError) as error:
        if not use_pfor:
            raise
        raise pfor_errors.in_user_code(error) from None


def _jacobian_of_a_constant(tape, target, sources, flat_sources, unconnected):
    """A NumPy target: TF 2.21 converts it to a constant the tape never saw, so every row's gradient is
    None: the jacobian is None for each source. With unconnected_gradients='zero' its zeros fail in TF's
    set_shape, which concatenates the target's static shape, here NumPy's tuple."""
    if not tape._persistent:
        tape._release()
    if unconnected == 'zero' and flat_sources:
        error = AttributeError("'tuple' object has no attribute 'concatenate'")
        error.add_note('jacobian: the target is a NumPy value, which no recorded op produced; compute it with '
                       'framework ops inside the tape')
        raise error
    return nest.pack_sequence_as(sources, [None] * len(flat_sources))


def _pfor_errors(use_pfor, kind):
    return pfor_errors.vectorizing(kind) if use_pfor else contextlib.nullcontext()


def _traced_backward(tape, use_pfor):
    """TF's pfor runs the backward pass in a tf.function, where grappler multiplies a Mean's gradient
    by the reciprocal of its count (ops/reductions.py); the eager loop (use_pfor=False) divides."""
    return reductions.traced_means(tape._nodes) if use_pfor else contextlib.nullcontext()


def _densified(tape, slices):
    """A first gradient of a gather (a Hessian's rows) as the dense tensor TF's jacobian makes of it,
    the conversion recorded on ``tape`` (entered again for it when the block has ended)."""
    if tape._recording:
        return ops.convert_to_tensor(slices)
    tape._push()
    try:
        return ops.convert_to_tensor(slices)
    finally:
        tape._pop()


def _zero_filled(g, source, unconnected, use_pfor):
    """A row's gradient, zeros where the source is not reached. A user's unconnected_gradients='zero'
    for an unreached Keras variable fails as in TF 2.21's gradient call inside the loop (pfor traces
    that call, so AutoGraph rewords the error: 'in user code:' and the original's line)."""
    if g is None and unconnected == 'zero':
        try:
            return result(g, source, 'zero')
        except AttributeError as error:
            if not use_pfor:
                raise
            raise pfor_errors.in_user_code(error) from None
    return result(g, source, 'zero', asked=False)


def batch_jacobian(tape, target, source, unconnected, use_pfor=True, parallel_iterations=None):
    """Per-example jacobians: result[b] = d target[b] / d source[b]."""
    try:
        tape._check_usable()
    except RuntimeError as error:       # TF's batch_jacobian words it without the space ('tocompute')
        raise RuntimeError(str(error).replace('used to compute', 'used tocompute')) from None
    # TF reads the target's shape, its rank, its first dimension and checks its rank, then the source's
    # shape and rank: a None or a number fails at 'shape', a NumPy value at its shape, a tuple
    with _refusals_keep_the_tape(tape):
        _batch_shape_of(target, 'rank')
        if target.ndim < 1:     # its first dimension, read before its rank is checked
            _raise_batch_mismatch(IndexError('list index out of range'), target, source)
        _rank_at_least_2(target)
        _batch_shape_of(source, 'with_rank_at_least')
        _rank_at_least_2(source)
        check_sources([source], 'batch_jacobian')
        if target.shape[0] != source.shape[0]:
            _raise_batch_mismatch(ValueError('Need first dimension of target shape (%s) and source shape (%s) to '
                                             'match.' % (tuple(target.shape), tuple(source.shape))), target, source)
        if not target.shape[0]:       # TF divides the target's size by its batch size
            error = ZeroDivisionError('integer division or modulo by zero')
            error.add_note('batch_jacobian: the batch is empty (target shape %s)' % (tuple(target.shape),))
            raise error
        if use_pfor:
            pfor_called()
        else:
            _refuse_one_shot_tape(tape, 'batch_jacobian', "to compute the batch_jacobian with eager execution "
                                                          "enabled and  with experimental_use_pfor set to False.")
    batch = target.shape[0]
    inner = int(target._data.size // batch)
    if not use_pfor:
        jacobian_tiling.tiles(parallel_iterations, inner, use_pfor)
    cols = []
    connected = False
    xp = array_module(target._data)
    eye = Tensor(xp.eye(inner, dtype=target.dtype))
    with pfor_rows.stacked(inner if use_pfor else 1), _traced_backward(tape, use_pfor), \
            _pfor_errors(use_pfor, 'batch_jacobian'):
        for j in range(inner):
            pfor_rows.SWEEP[0] = j
            seed = ops.reshape(ops.broadcast_to(eye[j], (batch, inner)), tuple(target.shape))
            g = tape._backward([target], [seed], [source], free=False).get(id(source))
            connected = connected or g is not None
            cols.append(_zero_filled(g, source, unconnected, use_pfor))
        if use_pfor and jacobian_tiling.tiles(parallel_iterations, inner, use_pfor):
            jacobian_tiling.refuse_unstackable([connected], unconnected)
            if not tape._persistent:
                raise jacobian_tiling.refuse_one_shot_batch_tape()
    if not tape._persistent:
        tape._release()
    if not use_pfor and inner:
        _for_loop_refusals(target, [source], [connected], unconnected)
    # TensorFlow's batch_jacobian gives zeros for an unconnected target whatever
    # unconnected_gradients says (its code keeps that for compatibility): of the target's
    # dtype where its gradients were None (an int32 target gives int32 zeros), else of the
    # zero gradients' (the source's) dtype.
    if not cols or not connected:
        dtype = target.dtype if unconnected == 'none' and cols else source.dtype
        if not cols and not use_pfor:
            # TF's eager for_loop of no iterations falls back on zeros([0]): float32 whatever the dtypes
            dtype = 'float32'
        return Tensor(array_module(source._data).zeros(tuple(target.shape) + tuple(source.shape[1:]), dtype))
    stacked = ops.stack(cols, axis=1)        # (batch, inner, *source.shape[1:])
    return ops.reshape(stacked, tuple(target.shape) + tuple(source.shape[1:]))


def _batch_shape_of(value, read):
    """``value``'s shape as TF's batch_jacobian reads it: no shape at all, or a NumPy value's tuple, which
    has no TensorShape method (``read``: the one TF calls first on it)."""
    if not hasattr(value, 'shape'):
        raise AttributeError("'%s' object has no attribute 'shape'" % type(value).__name__)
    if type(value.shape) is tuple:
        error = AttributeError("'tuple' object has no attribute '%s'" % read)
        error.add_note('batch_jacobian: target and source must be tensors (tf.convert_to_tensor a NumPy value, '
                       'and watch it, before computing the target)')
        raise error


def _raise_batch_mismatch(error, target, source):
    error.add_note('batch_jacobian: target and source need the same leading (batch) dimension; got shapes %s and %s'
                   % (tuple(target.shape), tuple(getattr(source, 'shape', ()))))
    raise error


def _rank_at_least_2(value):
    if value.ndim < 2:
        error = ValueError('Shape %s must have rank at least 2' % (tuple(value.shape),))
        error.add_note('batch_jacobian: target and source need a batch axis and at least one more; '
                       'use jacobian for vectors')
        raise error


def _for_loop_refusals(target, flat_sources, connected, unconnected):
    """What TF's eager loop over the rows (experimental_use_pfor=False) refuses, in its words: it writes
    each source's rows into an array of the *target's* dtype, so a gradient of another dtype (an int or
    float64 source's zeros, a float32 source of a float64 target) fails there; an empty target makes an
    empty loop, whose one output cannot take the jacobian's shape (or, for several sources, be packed)."""
    if not target._data.size:
        empty = Tensor(array_module(target._data).zeros((0,), target.dtype))
        if len(flat_sources) == 1:
            raise ValueError("Tensor's shape %s is not compatible with supplied shape %s."
                             % (tuple(target.shape), tuple(target.shape) + tuple(flat_sources[0].shape)))
        raise ValueError('Could not pack sequence. Structure had %d atoms, but flat_sequence had 1 items.  '
                         'Structure: %r, flat_sequence: [%r].' % (len(flat_sources), [target.dtype] * len(flat_sources),
                                                                  empty))
    for k, (s, reached) in enumerate(zip(flat_sources, connected)):
        if (reached or unconnected == 'zero') and s.dtype != target.dtype:
            error = _row_write_error(target, s, k)
            error.add_note('jacobian with experimental_use_pfor=False: TensorFlow collects the rows in arrays of '
                           "the target's dtype (%s); cast the target or the source, or leave experimental_use_pfor "
                           'at True' % target.dtype.name)
            raise error


def _row_write_error(target, source, index):
    """The loop's TensorArray write of a row of ``source``'s dtype into the target's: eagerly the TensorArray's
    check, in a tf.function the TensorList kernel's text as the graph run raises it (TF 2.21, gradfuzz32 p21.py:
    'Graph execution error: ... Detected at node while/TensorArrayV2Write/TensorListSetItem ...'; the
    second source's array is TensorArrayV2Write_1, and so on)."""
    from .errors import InvalidArgumentError
    from . import assert_statements
    from .ops import graph_tensor_array
    if assert_statements.traced_mode() is None:
        return InvalidArgumentError('TensorArray dtype is %s but Op is trying to write dtype %s '
                                    % (target.dtype.name, source.dtype.name))
    text = 'Invalid data types; op elements %s but list elements %s' % (
        graph_tensor_array._kernel_name(source.dtype), graph_tensor_array._kernel_name(target.dtype))
    return graph_tensor_array._kernel_error('while/TensorArrayV2Write' + ('_%d' % index if index else ''),
                                            'TensorListSetItem', text)


def _refuse_one_shot_tape(tape, op, words):
    """TF's eager loop over the rows (experimental_use_pfor=False) runs gradient() once per row, which a
    tape that is not persistent allows once: TF refuses it up front, in these words (its double spaces
    kept); a tf.function's graph loop takes it."""
    from . import executing_eagerly
    if not tape._persistent and executing_eagerly():
        tape._used = False          # TF refuses before its loop asks the tape anything: it may still answer
        error = RuntimeError('GradientTape must be created with persistent=True ' + words)
        error.add_note('%s: pass persistent=True to GradientTape, or leave experimental_use_pfor at True' % op)
        raise error
