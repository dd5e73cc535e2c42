"""Learning-rate schedules with Keras 3's names, formulas and configs."""
from .cosine_decay import CosineDecay
from .exponential_decay import ExponentialDecay
from .inverse_time_decay import InverseTimeDecay
from .learning_rate_schedule import LearningRateSchedule, deserialize, serialize
from .piecewise_constant_decay import PiecewiseConstantDecay
from .polynomial_decay import PolynomialDecay

BUILT_IN = {cls.__name__: cls for cls in (CosineDecay, ExponentialDecay, InverseTimeDecay,
                                          PiecewiseConstantDecay, PolynomialDecay)}

__all__ = ['CosineDecay', 'ExponentialDecay', 'InverseTimeDecay', 'LearningRateSchedule',
           'PiecewiseConstantDecay', 'PolynomialDecay', 'deserialize', 'serialize']
