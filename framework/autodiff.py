"""``tf.autodiff``: forward-mode differentiation (``ForwardAccumulator``) and the tape.

tapeflow has no forward-mode rules; a jacobian-vector product is the gradient of
a vector-jacobian product, which is linear in its upstream u:
``d/du <J^T u, tangent> = J @ tangent``. The accumulator records like a tape
while active; ``jvp`` sweeps that record backwards with u = ones (TensorFlow's
own forwardprop seeds its transposes with ones too) under a second tape
watching u, then differentiates the dot product with respect to u. Complex numbers
are pairs of reals there: the dot product is the real one, sum(real(conj(vjp) * tangent)),
so jvp gives TensorFlow's real-linear directional derivative (of abs, real, ... too).
"""
import warnings

from . import nest
from .none_gradients import NoneGradientWarning
from .tape import GradientTape, UnconnectedGradients
from .tape_arguments import unconnected_mode
from .tensor import Tensor, convert_to_tensor
from .variable import Variable
from .tf_logging import FirstN

_NOT_FLOATING_PRIMAL = FirstN(5)      # TensorFlow's log_first_n for integer primals
_ACTIVE = []        # the accumulators entered and not yet exited, outermost first


class ForwardAccumulator:
    """Computes jacobian-vector products of what runs while it is active.

    Args:
        primals: a tensor, variable, or structure of them to differentiate with respect to.
        tangents: the direction for each primal, same structure and shapes.
    """

    def __init__(self, primals, tangents):
        seen = set()
        for p in nest.flatten(primals):
            if id(p) in seen:       # TensorFlow's words, its '{}' never filled in
                raise ValueError('Tensor {} was specified as a primal multiple times. This may indicate an '
                                 'error. If it was intended, please sum the corresponding tangents.')
            seen.add(id(p))
        self._primals, self._tangents = [], []
        nest.map_structure(self._watch, primals, tangents)     # TensorFlow's structure errors
        self._tape = GradientTape(persistent=True, watch_accessed_variables=False)
        self._enclosing = None      # until entered: nothing recorded, so every jvp but a primal's is None

    def _watch(self, primal, tangent):
        if not isinstance(primal, Tensor):
            raise TypeError('ForwardAccumulator: primals must be tensors or variables, got %r' % (primal,))
        if isinstance(primal, Variable) and primal._path is not None:
            # TF 2.21 reads primal.dtype.is_floating first: a Keras 3 variable's dtype is a string
            error = AttributeError("'str' object has no attribute 'is_floating'")
            error.add_note("ForwardAccumulator: '%s' is a Keras variable, which TensorFlow 2.21's forward mode cannot take "
                           "as a primal; differentiate a function of tensors (e.g. keras's stateless_call with the "
                           "variables' values)" % primal._path)
            raise error
        if not primal.dtype.is_floating:
            _NOT_FLOATING_PRIMAL.warning('The dtype of the watched primal must be floating (e.g. tf.float32), '
                                         'got tf.%s' % primal.dtype.name)
        tangent = convert_to_tensor(tangent, dtype=primal.dtype)
        if tuple(tangent.shape) != tuple(primal.shape) and _broadcasts_to(tangent.shape, primal.shape):
            # TF checks no shapes: its ops broadcast the tangent, so a scalar (or (1,)) tangent of a
            # vector primal acts as that value in every element (jvp of x * x at [1, 2] with 3.0: [6, 12])
            from .ops import broadcast_to
            tangent = broadcast_to(tangent, tuple(primal.shape))
        if tuple(tangent.shape) != tuple(primal.shape):
            raise ValueError('ForwardAccumulator: a tangent of shape %s for a primal of shape %s'
                             % (tuple(tangent.shape), tuple(primal.shape)))
        self._primals.append(primal)
        self._tangents.append(tangent)

    def __enter__(self):
        # TensorFlow computes tangents as the ops run, so an enclosing accumulator sees this one's
        # jvps (nested accumulators give higher derivatives); tapeflow computes them in jvp(), which
        # then records on the enclosing accumulators' tapes
        self._enclosing = list(_ACTIVE)
        _ACTIVE.append(self)
        self._tape.__enter__()
        # an integer primal has no tangent to carry (TensorFlow warned at construction; it warns
        # for a complex one too, and carries its tangent)
        self._tape._watch([p for p in self._primals if _carries_tangent(p)])
        return self

    def __exit__(self, *exc):
        if self in _ACTIVE:
            _ACTIVE.remove(self)
        return self._tape.__exit__(*exc)

    def jvp(self, primals, unconnected_gradients=UnconnectedGradients.NONE):
        """J @ tangents for each tensor of ``primals`` (a tensor or structure of them):
        None for one that does not depend on the accumulator's primals (zeros with
        unconnected_gradients='zero')."""
        mode = unconnected_mode(unconnected_gradients)
        resumed = [a._tape for a in self._enclosing or () if not a._tape._recording]
        for tape in resumed:
            tape.__enter__()
        try:
            return nest.pack_sequence_as(primals, [self._jvp(t, mode) for t in nest.flatten(primals)])
        finally:
            for tape in reversed(resumed):
                tape.__exit__(None, None, None)

    def _jvp(self, target, mode):
        from .ops import add_n, ones_like, reduce_sum, zeros_like
        for p, t in zip(self._primals, self._tangents):
            if target is p:
                return t
        if self._enclosing is None or not _carries_tangent(target):      # an integer result carries none
            return zeros_like(target) if mode == 'zero' else None
        u = ones_like(target)
        # A None on the way is an answer here (the target does not depend on the
        # primals), not a mistake for NoneGradientWarning to explain.
        with warnings.catch_warnings():
            warnings.simplefilter('ignore', NoneGradientWarning)
            with GradientTape() as dual:
                dual._watch(u)
                grads = self._tape.gradient(target, self._primals, output_gradients=u)
                # a primal gathered by rows has an IndexedSlices gradient: its jvp is dense, as TF's
                terms = [reduce_sum(_real_product(convert_to_tensor(g), t))
                         for g, t in zip(grads, self._tangents) if g is not None]
                dot = add_n(terms) if terms else None
            out = dual.gradient(dot, u) if terms else None
        if out is None and mode == 'zero':
            return zeros_like(target)
        return out


def _broadcasts_to(shape, target):
    """Whether a tensor of ``shape`` broadcasts to ``target`` without growing (numpy's rules)."""
    shape, target = tuple(shape), tuple(target)
    if len(shape) > len(target):
        return False
    return all(s in (1, t) for s, t in zip(shape[::-1], target[::-1]))


def _carries_tangent(t):
    return t.dtype.is_floating or t.dtype.is_complex


def _real_product(g, t):
    """g * t elementwise, complex numbers taken as pairs of reals: real(conj(g) * t)."""
    if not t.dtype.is_complex:
        return g * t
    from .ops import conj, real
    return real(conj(g) * t)
