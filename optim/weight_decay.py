"""Decoupled weight decay, as Keras 3 applies it before each update."""
import re

from framework import graph_random_ops
from .step_operands import weight_decay_operand


class WeightDecay:
    """``var -= var * weight_decay * lr`` for every variable not excluded.

    Exclusions (Keras's ``exclude_from_weight_decay``): given variables, and
    variables whose name matches any of the given regular expressions.
    """

    def __init__(self):
        self._excluded = set()
        self._name_pattern = None

    def exclude(self, var_list=None, var_names=None):
        self._excluded = set(var_list or ())
        # Keras joins the strings into one regular expression, unescaped: ['bias$', 'norm'] are patterns.
        self._name_pattern = re.compile('|'.join(var_names)) if var_names else None

    def applies_to(self, variable, name=None):
        """Whether ``variable`` decays; the patterns are searched in ``name`` (default: its TF name)."""
        excluded, pattern = self._rules_in_effect()
        if variable in excluded:
            return False
        name = tensorflow_name(variable) if name is None else name
        return pattern is None or pattern.search(name) is None

    def _rules_in_effect(self):
        """The exclusions this step follows. Keras checks them in Python, so a traced step keeps those in effect
        when it was traced: TF 2.21 went on decaying a kernel excluded between two calls of a tf.function step
        (or two fits: Keras keeps its train function), where eagerly the exclusion holds from the next update
        (notes/progs/optimtraj18/p20_wdnames.py 'late'). Kept per trace as trace_time_values keeps Python values."""
        rules = (self._excluded, self._name_pattern)
        state = graph_random_ops.current()
        return rules if state is None else state.trace_values.setdefault(self, rules)

    def apply(self, variables, weight_decay, lr, lr_factors=None):
        """Decay ``variables`` in place; ``lr`` is the current learning rate (a host scalar),
        ``lr_factors`` its schedule's ``product_factors`` in a traced step (else None)."""
        for variable in variables:
            if self.applies_to(variable):
                decay(variable._data, weight_decay, lr, lr_factors)


def decay(data, weight_decay, lr, lr_factors=None):
    """``data -= data * weight_decay * lr`` in place, in the order TensorFlow's graph takes
    in a traced step (``traced_scale``)."""
    rate_of_decay, rate = weight_decay_operand(weight_decay, data), lr.astype(data.dtype)
    scale = traced_scale(data, rate_of_decay, rate, lr_factors) if graph_random_ops.current() is not None else None
    if scale is None:
        data -= data * rate_of_decay * rate
    else:
        data -= data * scale


def traced_scale(data, decay, rate, lr_factors):
    """The factor of ``data`` in ``data * decay * lr`` after grappler's MinimizeBroadcasts, or None
    where the product keeps eager order. The stage collects the Mul chain's inputs right to left
    ([lr, decay, variable]; a schedule's final product adds its two factors: [rest, constant,
    decay, variable]), sorts them by element count (stably: a one-element variable keeps its
    place; a rank-0 one leaves the chain alone) and multiplies them pairwise, then constant folding
    pushes the constants together: so ``variable * (decay * lr)``, and with ExponentialDecay's
    ``lr = constant * rest`` ``variable * ((decay * constant) * rest)``, except that a
    one-element variable then keeps ``(variable * decay) * lr``. ``lr_factors`` is a schedule's
    ``product_factors``: ``(constant, rest)``, or ``(lead, constant, rest)`` where the push gathers
    the constants next to a leading factor (CosineDecayRestarts' ``m_mul ** i``): ``(lead * (decay
    * constant)) * rest``. A cast of the rate to the variable's dtype breaks the chain at the rate."""
    if data.ndim == 0:
        return None
    if lr_factors is not None and all(f.dtype == rate.dtype for f in lr_factors):
        if data.size == 1:
            return None
        *lead, constant, rest = lr_factors
        gathered = decay * constant
        return (lead[0] * gathered if lead else gathered) * rest
    return decay * rate


def tensorflow_name(variable):
    """The name Keras 3 on TensorFlow matches the patterns against: the name of the
    tf.Variable underneath, which for a layer's weight is its path with ':0'
    ('sequential/dense/kernel:0', so 'dense' or 'kernel:0$' match, '^kernel' does not)."""
    return variable.name if variable._path is None else variable._path + ':0'
