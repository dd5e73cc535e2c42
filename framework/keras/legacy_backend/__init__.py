"""tf.keras.backend's legacy functions (Keras 1/2's ``K.*``), which TF 2.21 still serves under
``from tensorflow.keras import backend as K``: ``K.mean(x, axis, keepdims)``, ``K.square``,
``K.categorical_crossentropy(target, output)``, ``K.variable`` / ``get_value`` / ``set_value``,
``K.batch_dot``, ``K.rnn``, ``K.ctc_batch_cost`` ...

Each is a few lines over tapeflow's TensorFlow ops, as tf.keras's are over TensorFlow's, so the
values are those ops' values. ``keras.backend`` re-exports them all.
"""
from .control_flow import *  # noqa: F401,F403
from .convolutions import *  # noqa: F401,F403
from .ctc import *  # noqa: F401,F403
from .elementwise import *  # noqa: F401,F403
from .losses import *  # noqa: F401,F403
from .products import *  # noqa: F401,F403
from .random import *  # noqa: F401,F403
from .reductions import *  # noqa: F401,F403
from .shapes import *  # noqa: F401,F403
from .variables import *  # noqa: F401,F403
from . import (control_flow, convolutions, ctc, elementwise, losses, products, random, reductions, shapes,
               variables)

__all__ = sorted(name for module in (control_flow, convolutions, ctc, elementwise, losses, products, random,
                                     reductions, shapes, variables) for name in module.__all__)
