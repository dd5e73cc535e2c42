"""``framework.config``: which devices exist."""
from .deprecation import deprecated
from .eager_switch import RUN_EAGERLY
from .placement import (get_soft_device_placement, list_physical_devices, set_default_device,  # noqa: F401
                        set_soft_device_placement)


from .device_config import (LogicalDevice, LogicalDeviceConfiguration, PhysicalDevice,  # noqa: F401,E402
                            get_logical_device_configuration, get_visible_devices, list_logical_devices,
                            set_logical_device_configuration, set_visible_devices)


def run_functions_eagerly(run_eagerly):
    """Make every ``tf.function`` call run its Python as a plain call (each ``print`` shows, no
    trace is counted), as TensorFlow's debugging switch does; False restores tracing."""
    RUN_EAGERLY[0] = bool(run_eagerly)


def functions_run_eagerly():
    """Whether ``run_functions_eagerly(True)`` is in effect."""
    return RUN_EAGERLY[0]


# TensorFlow's deprecated spellings of the two, with the deprecation warning TF logs for each.
_EAGER_RUN = 'tensorflow.python.eager.polymorphic_function.eager_function_run'
experimental_run_functions_eagerly = deprecated(
    'experimental_run_functions_eagerly', _EAGER_RUN,
    'Use `tf.config.run_functions_eagerly` instead of the experimental version.')(run_functions_eagerly)
experimental_functions_run_eagerly = deprecated(
    'experimental_functions_run_eagerly', _EAGER_RUN,
    'Use tf.config.functions_run_eagerly instead of the experimental version.')(functions_run_eagerly)


def set_tf_exact_math(mode):
    """Which float32 exp, log, log1p, expm1, tanh, erf, sigmoid, softplus and softmax-family
    results carry TensorFlow's CPU kernels' exact bits (Eigen's polynomials, ops/eigen_math.py)
    rather than numpy's, which differ in the last bit about half the time.

    Args:
        mode: 'small' (the default: arrays of at most 256 elements, such as the tensors programs
            print; larger ones, such as a training batch's activations, take numpy's functions,
            25-100x cheaper), True (every array) or False (none). The environment variable
            TAPEFLOW_TF_EXACT_MATH=1 (or 0) sets True (False). float32 and float64 pow
            (ops/eigen_pow.py, eigen_pow64.py, also inside Ftrl and Lamb) follows the same sizes;
            the summation orders of small products follow the mode on at most 32 elements (their
            emulations cost more as the work grows).
    """
    from .ops.eigen_math import ENABLED
    if mode not in (True, False, 'small'):
        raise ValueError("set_tf_exact_math: mode must be True, False or 'small', got %r" % (mode,))
    ENABLED[0] = mode


def tf_exact_math():
    """The mode ``set_tf_exact_math`` set: True, False or 'small'."""
    from .ops.eigen_math import ENABLED
    return ENABLED[0]


from . import config_experimental as experimental, config_optimizer as optimizer  # noqa: E402,F401
from . import config_threading as threading  # noqa: E402,F401
