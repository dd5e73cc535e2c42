"""``keras.ops``: Keras 3's backend-neutral op namespace, on tapeflow's ops.

``from framework.keras import ops; ops.mean(ops.square(y - p))`` runs the
custom layers, losses and training steps written for Keras 3's multi-backend
API. Every function is differentiable through GradientTape (where its maths
is) and follows Keras 3's names, signatures, defaults and dtype promotion.
The functions live by theme: ops_math (elementwise and reductions),
ops_arrays (creation and conversion), ops_shapes (shapes, indexing,
products), ops_nn (activations, cross-entropies, conv and pooling) and
ops_core (control flow); ``keras.ops.nn`` and ``keras.ops.core`` name two of them.
"""
from . import ops_core as core  # noqa: F401
from . import ops_nn as nn  # noqa: F401
from .ops_arrays import *  # noqa: F401,F403
from .ops_core import *  # noqa: F401,F403
from .ops_math import *  # noqa: F401,F403
from .ops_nn import *  # noqa: F401,F403
from .ops_shapes import *  # noqa: F401,F403
from . import ops_arrays, ops_core, ops_math, ops_nn, ops_shapes

__all__ = sorted(set(ops_arrays.__all__ + ops_core.__all__ + ops_math.__all__ + ops_nn.__all__
                     + ops_shapes.__all__))
