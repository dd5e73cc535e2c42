"""The checkpoint value TensorFlow 2.21 loses in Keras 3's symbolic build run.

A model without a build() of its own is built by running its call symbolically, inside a
StatelessScope (layers/build_run.py). When a tf.train.Checkpoint restore waits for one of its
sublayers' weights, TensorFlow restores each weight as the layer's build assigns it
(``self._kernel = self.add_weight(...)``); inside that scope the restore raises, which aborts the
symbolic run (Keras swallows the error) and consumes the waiting value. The eager call then builds
the layer again: its new weight keeps its initializer's values (the scope did not advance the seed
state, so they equal the aborted copy's), the later weights restore normally, and the aborted copy
stays first in the layer's weight list, trained by nothing ("Gradients do not exist for variables
['net_1/dense_1/kernel'] ..." at the first apply_gradients). The "Training checkpoints" guide's second
run shows it: TF 2.21 prints losses 21.27, 11.52, 2.89, 1.47, 0.71 there, not a resumed 1.56 ...
"""
from framework.variable import Variable

from . import tracking


def keep_aborted_copy(root, variable):
    """Put the aborted copy of ``variable`` (one of ``root``'s layers' weights, left unrestored)
    before it in its layer's weight list, as TensorFlow leaves it."""
    for layer in root._flatten_layers():
        for created in (layer._trainable_created, layer._non_trainable_created):
            for index, weight in enumerate(created):
                if weight is variable:
                    created.insert(index, _copy(variable))
                    regularizer = layer._regularizers.get(variable)
                    if regularizer is not None:
                        layer._regularizers[created[index]] = regularizer
                    tracking.structure_changed(layer)
                    return


def _copy(variable):
    copy = Variable(variable._data.copy(), trainable=variable.trainable, name=variable._name, dtype=variable.dtype)
    copy.aggregation, copy.synchronization = variable.aggregation, variable.synchronization
    copy._path = variable._path
    copy._serial = variable._serial - 0.5        # made before it (tapes list watched variables in that order)
    return copy
