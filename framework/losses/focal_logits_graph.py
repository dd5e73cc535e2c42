"""BinaryFocalCrossentropy(from_logits=True) in a traced step: the logits' gradient adds as TF's graph does.

Keras's binary focal cross-entropy of logits reads them twice: ``p = sigmoid(logits)`` for the focal factor
and the logistic loss (sigmoid_cross_entropy_with_logits) for the cross-entropy. In a traced step the
logits' gradient is one AddN of the Sigmoid's ``SigmoidGrad`` and the loss's four terms (sigmoid_xent_graph.py),
which grappler sorts by node name: 'binary_focal_crossentropy/Sigmoid/SigmoidGrad' before
'binary_focal_crossentropy/logistic_loss/...' (both ops sit in the loss's own scope, so always), and adds
as ((((s + neg) + select) + select_3) + mul). tapeflow swept the loss's node first and added the
Sigmoid's gradient to the four terms' sum: s + (((neg + select) + select_3) + mul).

So here one node makes both, stacked ``[p, loss]`` (the focal formula reads them back by index): its rule
gets both gradients at once and adds them in the graph's order. Measured on TF 2.21 (notes progs/modelfuzz27/
red/focal.py, a tf.function's gradient of the Keras loss for 400 (2, 2) logits): 237 of 1600 values
differed, none after; seed 57's fit (RMSprop, 2-row batches) trained an ulp off TF from its seventh step.
"""
from ..ops import sigmoid, sigmoid_cross_entropy_with_logits, stack
from ..ops.arithmetic import add, multiply, negative
from ..ops.operands import record
from ..ops.sigmoid_xent_graph import _logits_terms, _terms_as_ops
from ..ops.unary import sigmoid_grad, sigmoid_grad_array
from ..tape import array_rule, paused


def sigmoid_and_logistic_loss(labels, logits):
    """``(sigmoid(logits), sigmoid_cross_entropy_with_logits(labels, logits))`` recorded as one node whose
    logits gradient is TF's graph AddN (SigmoidGrad first)."""
    with paused():
        both = stack([sigmoid(logits), sigmoid_cross_entropy_with_logits(labels=labels, logits=logits)])
    record('sigmoid_and_logistic_loss', (labels, logits), both, _VJPS)
    return both[0], both[1]


def _logits_grad(g, both, labels, logits):
    terms = _terms_as_ops(g[1], labels, logits)
    total = sigmoid_grad(both[0], g[0])
    for term in terms:
        total = add(total, term)
    return total


def _logits_grad_arrays(g, both, labels, logits):
    total = sigmoid_grad_array(g[0], both[0])
    for term in _logits_terms(g[1], None, labels, logits):
        total = total + term
    return total


_VJPS = (array_rule(lambda g, both, labels, logits: multiply(negative(g[1]), logits),
                    lambda g, both, labels, logits: (-g[1]) * logits),
         array_rule(_logits_grad, _logits_grad_arrays))
