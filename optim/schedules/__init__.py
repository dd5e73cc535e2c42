"""Learning-rate schedules with Keras 3's names, formulas and configs."""
from .cosine_decay import CosineDecay
from .cosine_decay_restarts import CosineDecayRestarts
from .exponential_decay import ExponentialDecay
from .inverse_time_decay import InverseTimeDecay
from .keras_deserialize import deserialize
from .learning_rate_schedule import LearningRateSchedule, serialize
from .piecewise_constant_decay import PiecewiseConstantDecay
from .polynomial_decay import PolynomialDecay

BUILT_IN = {cls.__name__: cls for cls in (CosineDecay, CosineDecayRestarts, ExponentialDecay, InverseTimeDecay,
                                          PiecewiseConstantDecay, PolynomialDecay)}

__all__ = ['CosineDecay', 'CosineDecayRestarts', 'ExponentialDecay', 'InverseTimeDecay', 'LearningRateSchedule',
           'PiecewiseConstantDecay', 'PolynomialDecay', 'deserialize', 'serialize']


def __dir__():
    # keras.optimizers.schedules is this module: dir() lists Keras 3's names, not the submodules
    return sorted(__all__)


def __getattr__(name):
    # keras.optimizers.schedules is this module: a missing name reads as TF 2.21's Keras prints it
    raise AttributeError("module 'keras.optimizers.schedules' has no attribute '%s'" % (name,))
