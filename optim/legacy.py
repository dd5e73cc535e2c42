"""``keras.optimizers.legacy`` as TensorFlow 2.21 serves it with Keras 3: every name is one class
whose construction raises ImportError, pointing to the tf_keras package (Keras 2)."""


class _LegacyOptimizerWarning:
    """Keras 3's stand-in for Keras 2's legacy optimizers: making one raises ImportError."""

    def __init__(self, *args, **kwargs):
        raise ImportError('`keras.optimizers.legacy` is not supported in Keras 3. When using `tf.keras`, to '
                          'continue using a `tf.keras.optimizers.legacy` optimizer, you can install the '
                          '`tf_keras` package (Keras 2) and set the environment variable '
                          '`TF_USE_LEGACY_KERAS=True` to configure TensorFlow to use `tf_keras` when accessing '
                          '`tf.keras`.')


# Keras's class name, kept out of the module's names as TensorFlow's keras.optimizers.legacy keeps it.
_LegacyOptimizerWarning.__name__ = _LegacyOptimizerWarning.__qualname__ = 'LegacyOptimizerWarning'
Adagrad = Adam = Ftrl = Optimizer = RMSprop = SGD = _LegacyOptimizerWarning

__all__ = ['Adagrad', 'Adam', 'Ftrl', 'Optimizer', 'RMSprop', 'SGD']

# A missing name (Keras 2's legacy Nadam, say) reads as TF 2.21 prints it, "module 'keras.optimizers.legacy'
# has no attribute 'Nadam'", not with tapeflow's module path 'optim.legacy'
from framework.keras._forward import missing_names as _missing_names  # noqa: E402

__getattr__ = _missing_names('keras.optimizers.legacy')
