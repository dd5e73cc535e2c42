"""A Dense layer's sigmoid inside a traced step, with the bits of TensorFlow's fused kernel.

In a traced function (Keras 3's fit / evaluate / predict steps) TensorFlow's graph optimizer
fuses MatMul + BiasAdd + Sigmoid into one oneDNN kernel where TensorFlow runs oneDNN
(onednn_policy.py); its logistic is oneDNN's eltwise one: ``e = exp(-|z|)`` with oneDNN's exp
(onednn_softmax.exp), ``y = e / (e + 1)``, and ``1 - y`` where ``z > 0``. Eager TensorFlow, and a
sigmoid that does not follow a bias add, use Eigen's (eigen_math.sigmoid). Measured on TF 2.21
(oneDNN, AVX-512 Xeon): all 512 values of a traced (32, 16) Dense layer's sigmoid equal, where
Eigen's differed in 41%; the imbalanced-data tutorial's ``model.predict`` now prints TF's digits.
As eigen_math: arrays of at most SMALL elements by default, every array under
``set_tf_exact_math(True)``; others take the sigmoid op's usual values.
"""
import numpy as np

from . import eigen_math, onednn_activations
from .unary import _apply, _sigmoid_grad, _sigmoid_value


def fused_sigmoid(z):
    """sigmoid(z) for ``z`` the bias-added output of a Dense layer in a traced step."""
    return _apply('sigmoid', z, _value, _sigmoid_grad, widen_bfloat16=False)


def _value(xp, a):
    if xp is not np or a.dtype != np.float32 or not eigen_math.exact_for(a):
        return _sigmoid_value(xp, a)
    return onednn_activations.logistic(a)
