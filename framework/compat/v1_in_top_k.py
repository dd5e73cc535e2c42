"""``tf.compat.v1.math`` and ``tf.compat.v1.nn``: TensorFlow 2's modules but for ``in_top_k``,
which TensorFlow 1 spelled ``in_top_k(predictions, targets, k)`` (TF 2 swapped the first two),
and ``nn.ctc_loss``, TF 1's (sparse labels, ``inputs``, the last class blank)."""
import types

import framework

from .v1_ctc_loss import ctc_loss as v1_ctc_loss
from .v1_modules import Keras2Only
from .v1_ops import NN, V1_ARG_EXTREMA


def in_top_k(predictions, targets, k, name=None):
    """Whether each target is among its row's ``k`` largest predictions (TF 1's argument order)."""
    return framework.math.in_top_k(targets, predictions, k, name=name)


def _module(name, base, **own):
    module = types.ModuleType('framework.compat.v1.' + name, base.__doc__)
    own['in_top_k'] = in_top_k
    vars(module).update(own)
    module.__getattr__ = lambda attribute: getattr(base, attribute)
    module.__dir__ = lambda: sorted(set(dir(base)) | set(own))
    return module


math = _module('math', framework.math, **V1_ARG_EXTREMA)       # (TF 1's argmax(..., dimension=))
nn = _module('nn', framework.nn, ctc_loss=v1_ctc_loss, rnn_cell=Keras2Only('framework.compat.v1.nn.rnn_cell'),
             **NN)      # TF 1's signatures (v1_ctc_loss.py, v1_ops.py); rnn_cell: Keras 2's, refused as TF 2.21 does
