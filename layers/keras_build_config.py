"""Which layers Keras 3 writes a ``build_config`` for in a saved config.

Keras 3 records the input shape of a layer's first call as its build config,
except for the layers whose ``__init__`` marks them built (``_build_at_init``, or
Reshape's ``self.built = True``): activations, Identity, Masking, UnitNormalization,
pooling, ActivityRegularization, the dropout and noise layers, Reshape and TFSMLayer. Here many more layers are built when made (Flatten,
Reshape, the preprocessing layers, ...), so their first symbolic call records the
shape instead, and the Keras list decides what a saved config holds.
"""
_BUILT_WHEN_MADE = None


def _keras_built_when_made():
    global _BUILT_WHEN_MADE
    if _BUILT_WHEN_MADE is None:
        from .activation_layers import ELU, Activation, LeakyReLU, ReLU, Softmax
        from .conv1d import _GlobalPooling1D, _Pooling1D
        from .dropout import Dropout
        from .identity import ActivityRegularization, Identity
        from .masking import Masking
        from .noise import AlphaDropout, GaussianDropout, GaussianNoise
        from .pooling import _GlobalPooling2D, _Pooling2D
        from .pooling3d import _GlobalPooling3D, _Pooling3D
        from .reshaping import Reshape
        from .tfsm_layer import TFSMLayer
        from .unit_normalization import UnitNormalization
        _BUILT_WHEN_MADE = (Activation, ELU, LeakyReLU, ReLU, Softmax, Identity, Masking, UnitNormalization,
                            _Pooling1D, _GlobalPooling1D, _Pooling2D, _GlobalPooling2D, _Pooling3D, _GlobalPooling3D,
                            ActivityRegularization, AlphaDropout, Dropout, GaussianDropout, GaussianNoise, Reshape,
                            TFSMLayer)
    return _BUILT_WHEN_MADE


def keras_writes_build_config(cls):
    """Whether Keras 3 writes a ``build_config`` for a built layer of class ``cls``."""
    return not issubclass(cls, _keras_built_when_made())


def keras_writes_build_config_unbuilt(cls):
    """Whether Keras 3 writes a ``build_config`` for a layer of class ``cls`` built or not: its
    StringLookup and IntegerLookup return {} whatever their state (so an unbuilt Sequential's config
    holds ``"build_config": {}`` for them)."""
    from .preprocessing.lookups import IntegerLookup, StringLookup
    return issubclass(cls, (StringLookup, IntegerLookup))
