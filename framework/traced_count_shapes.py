"""The traced shapes of tf.math.in_top_k and tf.histogram_fixed_width, as TF 2.21's shape functions give them
(notes/progs/traceshapes4/q10.py).

InTopKV2: one bool per target, the targets' length merged with the predictions' rows (a list of two targets
against a (None, 3) predictions: (2,)). HistogramFixedWidth: ``nbins`` long where TF folds it (a Python int,
a constant), else open (an argument's value). ``shape_of`` gives an input's traced shape (None where unknown).
"""
from . import traced_shape_values


def hits(parameters, shape_of):
    targets, predictions = shape_of(parameters.get('targets')), shape_of(parameters.get('predictions'))
    if targets is None or predictions is None or len(targets) != 1 or not predictions:
        return None
    return (targets[0] if targets[0] is not None else predictions[0],)


def histogram(parameters, trace):
    return (traced_shape_values.partial_vector([parameters.get('nbins', 100)], trace)[0],)
