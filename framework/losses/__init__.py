"""``framework.losses``: Keras 3's losses, as per-sample functions and as ``Loss`` objects.

Functions (``mean_squared_error``, ``binary_crossentropy``, ...) return one
loss per sample (the mean over the last axis); ``Loss`` objects add sample
weights and a reduction. ``get`` resolves names, configs and callables.
"""
from .classes import (BinaryCrossentropy, CategoricalCrossentropy, CategoricalHinge, CosineSimilarity,  # noqa: F401
                      Hinge, Huber, KLDivergence, LogCosh, MeanAbsoluteError, MeanAbsolutePercentageError,
                      MeanSquaredError, MeanSquaredLogarithmicError, Poisson, SparseCategoricalCrossentropy,
                      SquaredHinge)
from .circle_loss import Circle, circle  # noqa: F401
from .ctc_loss import CTC, ctc  # noqa: F401
from .focal import (BinaryFocalCrossentropy, CategoricalFocalCrossentropy,  # noqa: F401
                    binary_focal_crossentropy, categorical_focal_crossentropy)
from .generalized_cross_entropy import (CategoricalGeneralizedCrossEntropy,  # noqa: F401
                                        categorical_generalized_cross_entropy)
from .overlap import Dice, Tversky, dice, tversky  # noqa: F401
from .hinge_losses import categorical_hinge, hinge, squared_hinge  # noqa: F401
from .loss import Loss, LossFunctionWrapper  # noqa: F401
from .probabilistic import (binary_crossentropy, categorical_crossentropy, kl_divergence, poisson,  # noqa: F401
                            sparse_categorical_crossentropy)
from .reduction import Reduction, reduce_weighted_values  # noqa: F401
from .registry import deserialize, get, serialize  # noqa: F401
from .regression import (cosine_similarity, huber, log_cosh, mean_absolute_error,  # noqa: F401
                         mean_absolute_percentage_error, mean_squared_error, mean_squared_logarithmic_error)

# Keras's short spellings of the same functions.
mse = MSE = mean_squared_error
mae = MAE = mean_absolute_error
mape = MAPE = mean_absolute_percentage_error
msle = MSLE = mean_squared_logarithmic_error
kld = KLD = kullback_leibler_divergence = kl_divergence
logcosh = log_cosh
