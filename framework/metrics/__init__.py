"""``framework.metrics``: Keras 3's metrics, accumulated across batches.

A metric keeps its state in non-trainable variables (``metric.variables``),
updates it with ``update_state(...)`` / ``metric(...)`` outside any tape, and
reports ``result()`` as a float32 tensor. ``get`` resolves names; for
``compile``, ``compile_metric`` and ``resolve_accuracy`` apply Keras's rules.
"""
from .accuracy_metrics import (Accuracy, BinaryAccuracy, CategoricalAccuracy, SparseCategoricalAccuracy,  # noqa: F401
                       SparseTopKCategoricalAccuracy, TopKCategoricalAccuracy, accuracy, binary_accuracy,
                       categorical_accuracy, sparse_categorical_accuracy, sparse_top_k_categorical_accuracy,
                       top_k_categorical_accuracy)
from .at_threshold import (PrecisionAtRecall, RecallAtPrecision, SensitivityAtSpecificity,  # noqa: F401
                           SpecificityAtSensitivity)
from .auc import AUC  # noqa: F401
from .confusion_metrics import (FalseNegatives, FalsePositives, Precision, Recall, TrueNegatives,  # noqa: F401
                                TruePositives)
from .f_score import F1Score, FBetaScore  # noqa: F401
from .hinge_and_correlation import (CategoricalHinge, ConcordanceCorrelation, Hinge, PearsonCorrelation,  # noqa: F401
                                    SquaredHinge, concordance_correlation, pearson_correlation)
from .iou import BinaryIoU, IoU, MeanIoU, OneHotIoU, OneHotMeanIoU  # noqa: F401
from .metric import Metric  # noqa: F401
from .r2 import R2Score  # noqa: F401
from .probabilistic import (BinaryCrossentropy, CategoricalCrossentropy, KLDivergence, Poisson,  # noqa: F401
                            SparseCategoricalCrossentropy)
from .reduction import Mean, MeanMetricWrapper, Sum  # noqa: F401
from .registry import compile_metric, deserialize, get, resolve_accuracy, serialize  # noqa: F401
from .regression import (CosineSimilarity, LogCoshError, MeanAbsoluteError,  # noqa: F401
                         MeanAbsolutePercentageError, MeanSquaredError, MeanSquaredLogarithmicError,
                         RootMeanSquaredError)
# keras.metrics also exposes the per-sample loss functions.
from ..losses import (binary_crossentropy, categorical_crossentropy, hinge, huber, kl_divergence,  # noqa: F401
                      log_cosh, mean_absolute_error, mean_absolute_percentage_error, mean_squared_error,
                      mean_squared_logarithmic_error, poisson, sparse_categorical_crossentropy,
                      squared_hinge, categorical_hinge)
from ..losses import binary_focal_crossentropy, categorical_focal_crossentropy  # noqa: F401
from ..losses import mae, MAE, mape, MAPE, mse, MSE, msle, MSLE  # noqa: F401
# Keras 3's older spellings of two of them.
KLD = kld = kullback_leibler_divergence = kl_divergence
logcosh = log_cosh

# Python's argument errors name each metric as Keras's do (TruePositives.__init__(), not the shared base's)
from framework.own_init_names import own_inits  # noqa: E402
own_inits(globals(), 'framework.metrics')
