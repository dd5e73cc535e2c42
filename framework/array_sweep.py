"""First-order gradient sweeps on raw arrays (``GradientTape.gradient`` when nothing records the sweep).

Each gradient rule is written with framework ops, so a tape recording while
another sweeps can differentiate the sweep (nested tapes). When no tape of the
thread is recording, that generality is not needed: the rules that declare an
``array_rule`` run on the raw numpy/cupy arrays instead, skipping each op's
dispatch and Tensor wrapping (a few microseconds per chain-rule step).
"""
import math
import operator


from .ops import eigen_sum
from .tensor import Tensor



def array_rule(vjp, rule=None):
    """Declare that ``vjp`` has a form on raw arrays, for sweeps nothing records.

    ``rule(g, output, *inputs)`` takes and returns raw arrays; without ``rule``,
    ``vjp`` itself is that form (a rule written with operators only, such as
    ``g * y``, computes the same on arrays as on tensors). The array form must
    give the tensor form's bits: tests/test_array_rules.py checks every op both ways.
    """
    vjp.array_rule = vjp if rule is None else rule
    return vjp


def pass_gradient(g, output, *inputs):
    """The rule of an input that receives the output gradient unchanged (add, add_n, identity)."""
    return g


pass_gradient.array_rule = pass_gradient


_DATA = operator.attrgetter('_data')     # an input's raw array, for map()


def sweep_arrays(nodes, tracked, grads, source_ids, free, order=None):
    """``GradientTape._sweep`` with raw arrays as gradients: the rules that have an
    ``array_rule`` skip the framework ops' dispatch and Tensor wrapping (a few
    microseconds each); the others get their gradient wrapped and unwrapped. ``order``:
    the node indices to visit (framework/backward_order.py), by default the reverse record."""
    get, pop = grads.get, grads.pop
    for i in range(len(nodes) - 1, -1, -1) if order is None else order:
        output, inputs, vjps, name = nodes[i]
        if free:
            nodes[i] = None
        out_id = id(output)
        g = get(out_id) if out_id in source_ids else pop(out_id, None)
        if g is None:
            continue
        arrays = g_tensor = None
        for x, vjp in zip(inputs, vjps):
            xid = id(x)
            if xid not in tracked or vjp is None:
                continue
            try:                              # (an attribute load: most rules have one, and try costs nothing)
                rule = vjp.array_rule
            except AttributeError:
                rule = None
            if rule is pass_gradient:         # add, add_n: no call needed
                gx = g
            elif rule is not None:
                if arrays is None:
                    try:
                        arrays = list(map(_DATA, inputs))
                    except AttributeError:    # a Python number among the inputs passes as it is
                        arrays = [getattr(t, '_data', t) for t in inputs]
                    y, arity = output._data, len(arrays)
                # Spelled out for the usual arities (a Dense layer's three inputs first): CPython 3.11
                # runs a call through *arrays in a fresh interpreter loop (~0.2 us a rule), a plain
                # call in the same one.
                if arity == 3:
                    gx = rule(g, y, arrays[0], arrays[1], arrays[2])
                elif arity == 1:
                    gx = rule(g, y, arrays[0])
                elif arity == 2:
                    gx = rule(g, y, arrays[0], arrays[1])
                else:
                    gx = rule(g, y, *arrays)
            else:
                if g_tensor is None:
                    g_tensor = Tensor(g)
                gx = vjp(g_tensor, output, *inputs)
                if gx is None:
                    continue
                gx = gx._data
            if gx is None:
                continue
            shape = x._data.shape
            if gx.shape != shape:
                gx = fitted_gradient(gx, shape, output._data.shape, vjp, get(xid))
            prev = get(xid)
            grads[xid] = gx if prev is None else prev + gx


def fitted_gradient(gx, shape, output_shape, vjp, prev=None):
    """An input's gradient ``gx`` whose shape is not the input's ``shape``: summed down to it where the op
    broadcast the input, as TensorFlow's gradient functions reduce (from the forward shapes). A gradient
    of a foreign shape, which only a custom_gradient's grad_fn makes, passes on as TensorFlow passes it:
    from the grad_fn itself, through an op that did not broadcast the input (output_shape == shape), or
    where summing cannot give ``shape``; added to the input's other gradient ``prev`` it is TF's AddN
    error. Only runs when the shapes differ."""
    if getattr(vjp, 'unreduced', False) or output_shape == shape or not _sums_to(gx.shape, shape):
        if prev is not None and prev.shape != gx.shape:
            raise _aggregation_error(prev.shape, gx.shape)
        return gx
    return sum_to_array(gx, shape)


def _aggregation_error(first, second):
    """TensorFlow's error where the tape adds two gradients of one tensor that have different shapes."""
    from .errors import kernel_error
    return kernel_error('AddN', 'Inputs to operation AddN of type AddN must have the same size and shape.  '
                        'Input 0: [%s] != input 1: [%s]' % (','.join(map(str, first)), ','.join(map(str, second))),
                        named=True, node='AddN_N_2',
                        note='GradientTape: a custom_gradient grad_fn returned a gradient of shape %s for an input '
                             'of another shape, and the input has another gradient of shape %s to add to it: return '
                             "a gradient of the input's shape" % (tuple(second), tuple(first)))


def _sums_to(big, shape):
    """Whether an array of shape ``big`` is ``shape`` broadcast (so that summing gives ``shape``)."""
    lead = len(big) - len(shape)
    return lead >= 0 and all(d == 1 or d == b for d, b in zip(shape, big[lead:]))


def sum_to_array(a, shape):
    """Sum the raw array ``a`` down to ``shape``: the inverse of broadcasting (``ops.shapes.sum_to``
    wraps it). Float32 sums add in TensorFlow's order over every axis (a scalar's gradient, ops/eigen_sum.py)
    and over trailing axes (eigen_sum), others in reduce_sum's order (reductions._sum: a bias's gradient over
    leading axes by outer_sum); the array's own methods, as xp.sum's Python-level dispatch costs microseconds."""
    lead = a.ndim - len(shape)
    axes = tuple(range(lead)) + tuple(i + lead for i, d in enumerate(shape) if d == 1 and a.shape[i + lead] != 1)
    if not axes:
        return a.reshape(shape)
    if (len(axes) == a.ndim or a.size == math.prod(a.shape[i] for i in axes)) and eigen_sum.applies(a, a.size):
        # every value into one (a (32, 1) gradient summed to a (1,) bias, too): TF reduces it whole
        return eigen_sum.sum_all(a).reshape(shape)
    if axes[0] == a.ndim - len(axes):
        # trailing axes (a LayerNorm's mean or a per-row scale broadcast along its features):
        # TF's reduce_sum over them, one inner run per row, in Eigen's order
        kept = a.shape[:axes[0]]
        inner = math.prod(a.shape[axes[0]:])
        if eigen_sum.applies(a, inner):
            return eigen_sum.sum_last_axis(a.reshape(kept + (inner,))).reshape(shape)
    # Any other axes: TF's _BroadcastToGrad / _MulGrad call reduce_sum, whose order reductions._sum follows
    # (leading axes by outer_sum; trailing once size-1 axes are set aside, as a GroupNormalization of one
    # channel's gamma; axes between, as [1, 3] of a rank-4 gradient, by its shuffled sum)
    from .ops import reductions     # (here: reductions imports the tape, which imports this module)
    return reductions._sum(a, axes, False).reshape(shape)

