"""Where grappler's MinimizeBroadcasts regroups a chain of products that a gradient rule writes left to right.

TF's gradient functions build products such as _TanhGradGrad's ``grad * -2.0 * dy * y``. In a traced step (a
tf.function that returns something, Keras's fit step; a None batch is a symbolic shape), grappler's arithmetic optimizer
gathers such a chain of Muls, when a broadcast joins it (the scalar), into its leaves, sorts them by size
(the scalar first, the rest in their order) and pairs them off in a queue, each product joining the back:
``(-2.0 * grad) * (dy * y)``. Eager TF, and the chain whose products another gradient reads (a tape recording
the sweep: a third derivative), keep the order as written. tapeflow's traced functions run eagerly; the rules
ask ``regroups`` whether this sweep is one that grappler's graph would hold.
"""
from .. import graph_gradients
from ..tape import ACTIVE
from . import graph_rewrites


def regroups(y):
    """Whether a product chain of a gradient rule on ``y``'s shape runs in grappler's regrouped order now: a traced
    step with outputs, ``y`` no scalar, no tape recording the sweep but a tf.function's own
    recorder for tf.gradients (its graph holds the gradient ops without reading them again)."""
    if not graph_rewrites.GATE[0] or not y.shape:
        return False
    if ACTIVE and not (len(ACTIVE) == 1 and graph_gradients.records_everything()
                       and ACTIVE[0] is graph_gradients._RECORDERS[-1]):
        return False
    return graph_rewrites.tracing() and graph_rewrites.folds_constants()
