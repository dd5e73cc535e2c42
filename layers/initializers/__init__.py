"""Weight initializers, by object or by Keras 3 name ('glorot_uniform', 'HeNormal', ...)."""
import numpy as np

from framework.ops import cast
from framework.tensor import Tensor, convert_to_tensor

from ..keras_objects import KerasObjects
from .constant import Constant, Identity, Ones, Zeros
from .initializer import Initializer
from .random_initializers import (GlorotNormal, GlorotUniform, HeNormal, HeUniform, LecunNormal,
                                  LecunUniform, Orthogonal, RandomNormal, RandomUniform, TruncatedNormal,
                                  VarianceScaling, compute_fans)
from .stft import STFT

_CLASSES = (Constant, Identity, Ones, Zeros, GlorotNormal, GlorotUniform, HeNormal, HeUniform, LecunNormal,
            LecunUniform, Orthogonal, RandomNormal, RandomUniform, TruncatedNormal, VarianceScaling, STFT)

# Keras 3 accepts each class name and its snake-case function name.
ALL_OBJECTS = {cls.__name__: cls for cls in _CLASSES}
ALL_OBJECTS.update({
    'constant': Constant, 'identity': Identity, 'IdentityInitializer': Identity, 'ones': Ones,
    'zeros': Zeros, 'glorot_normal': GlorotNormal, 'glorot_uniform': GlorotUniform,
    'he_normal': HeNormal, 'he_uniform': HeUniform, 'lecun_normal': LecunNormal,
    'lecun_uniform': LecunUniform, 'orthogonal': Orthogonal, 'OrthogonalInitializer': Orthogonal,
    'random_normal': RandomNormal, 'random_uniform': RandomUniform,
    'truncated_normal': TruncatedNormal, 'variance_scaling': VarianceScaling,
    'uniform': RandomUniform, 'normal': RandomNormal,      # Keras 3's short aliases (Embedding's default)
    'stft': STFT, 'STFTInitializer': STFT,
    'one': Ones, 'zero': Zeros, 'Initializer': Initializer, 'initializer': Initializer,
})


_OBJECTS = KerasObjects('initializer', 'keras.initializers', Initializer, ALL_OBJECTS)
# deserialize is keras.initializers.deserialize (an unknown name comes back); loaders use deserialize_known
serialize, deserialize, deserialize_known = _OBJECTS.serialize, _OBJECTS.keras_deserialize, _OBJECTS.deserialize


def _from_value(value):
    """An initializer returning a fixed array (Keras 3 accepts a tensor or array)."""
    value = value if isinstance(value, Tensor) else convert_to_tensor(np.asarray(value))

    def initialize(shape, dtype=None):
        if tuple(shape) != tuple(value.shape):
            raise ValueError('Expected `shape` to be %s for direct tensor as initializer. Received shape=%s'
                             % (tuple(value.shape), tuple(shape)))
        return cast(value, 'float32' if dtype is None else dtype)
    return initialize


def get(identifier):
    """An initializer from a name, a config dict, a class, an instance, a
    callable ``(shape, dtype=None)`` or an array of the weight's values.

    Raises:
        ValueError: for an unknown name, listing the valid ones.
    """
    if isinstance(identifier, (Tensor, np.ndarray, np.generic)):
        return _from_value(identifier)
    if isinstance(identifier, str) and identifier not in ALL_OBJECTS:
        # Keras 3 reads a name as the config {'class_name': name, 'config': {}}, so a custom initializer
        # filed under exactly that name (a custom_object_scope, get_custom_objects()) is found, as in a file
        from ..saving.registry import find_by_exact_name
        found = find_by_exact_name(identifier)
        if found is not None:
            return found.from_config({}) if isinstance(found, type) else found
    return _OBJECTS.get(identifier)


# Keras also exposes the snake-case names as the classes themselves.
constant, identity, ones, zeros = Constant, Identity, Ones, Zeros
glorot_normal, glorot_uniform, he_normal, he_uniform = GlorotNormal, GlorotUniform, HeNormal, HeUniform
lecun_normal, lecun_uniform, orthogonal = LecunNormal, LecunUniform, Orthogonal
IdentityInitializer, OrthogonalInitializer, STFTInitializer, stft = Identity, Orthogonal, STFT, STFT
random_normal, random_uniform, truncated_normal, variance_scaling = (RandomNormal, RandomUniform,
                                                                    TruncatedNormal, VarianceScaling)

# 'normal', 'uniform', 'one', 'zero' and 'initializer' are names for get() only: Keras 3 has no such
# attributes, and an __all__ entry without its attribute broke ``from keras.initializers import *`` and
# dir()-walking code. compute_fans stays an attribute (Keras 3 keeps it in keras.src), not a listed name.
__all__ = sorted(set(ALL_OBJECTS) - {'normal', 'uniform', 'one', 'zero', 'initializer'}) + [
    'deserialize', 'get', 'serialize']

# Python's argument errors name each initializer as Keras's do (GlorotNormal.__init__(), not _Preset.__init__())
from framework.own_init_names import own_inits  # noqa: E402
own_inits(globals(), 'layers.initializers')
