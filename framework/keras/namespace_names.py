"""The public names Keras 3.15 lists for ``dir(keras.losses)`` and ``dir(keras.metrics)``.

tapeflow's ``framework.losses`` / ``framework.metrics`` packages also hold their own submodules and
helpers (``regression``, ``focal``, ``mean_squared_error`` ...), and before these lists the
forwarding modules' ``dir()`` showed them all, so a program that prints the available losses (or binds
them with ``from keras.losses import *``) saw tapeflow's layout, not Keras's. The helpers stay
reachable as attributes; only the listing follows Keras.

Printed by TensorFlow 2.21 + Keras 3.15: ``[n for n in dir(keras.losses) if not n.startswith('_')]``.
"""

LOSSES = (
    'BinaryCrossentropy', 'BinaryFocalCrossentropy', 'CTC', 'CategoricalCrossentropy', 'CategoricalFocalCrossentropy',
    'CategoricalGeneralizedCrossEntropy', 'CategoricalHinge', 'Circle', 'CosineSimilarity', 'Dice', 'Hinge', 'Huber',
    'KLD', 'KLDivergence', 'LogCosh', 'Loss', 'MAE', 'MAPE', 'MSE', 'MSLE', 'MeanAbsoluteError',
    'MeanAbsolutePercentageError', 'MeanSquaredError', 'MeanSquaredLogarithmicError', 'Poisson', 'Reduction',
    'SparseCategoricalCrossentropy', 'SquaredHinge', 'Tversky', 'binary_crossentropy', 'binary_focal_crossentropy',
    'categorical_crossentropy', 'categorical_focal_crossentropy', 'categorical_generalized_cross_entropy',
    'categorical_hinge', 'circle', 'cosine_similarity', 'ctc', 'deserialize', 'dice', 'get', 'hinge', 'huber', 'kld',
    'kullback_leibler_divergence', 'logcosh', 'mae', 'mape', 'mse', 'msle', 'poisson', 'serialize',
    'sparse_categorical_crossentropy', 'squared_hinge', 'tversky',
)

METRICS = (
    'AUC', 'Accuracy', 'BinaryAccuracy', 'BinaryCrossentropy', 'BinaryIoU', 'CategoricalAccuracy',
    'CategoricalCrossentropy', 'CategoricalHinge', 'ConcordanceCorrelation', 'CosineSimilarity', 'F1Score',
    'FBetaScore', 'FalseNegatives', 'FalsePositives', 'Hinge', 'IoU', 'KLD', 'KLDivergence', 'LogCoshError', 'MAE',
    'MAPE', 'MSE', 'MSLE', 'Mean', 'MeanAbsoluteError', 'MeanAbsolutePercentageError', 'MeanIoU', 'MeanMetricWrapper',
    'MeanSquaredError', 'MeanSquaredLogarithmicError', 'Metric', 'OneHotIoU', 'OneHotMeanIoU', 'PearsonCorrelation',
    'Poisson', 'Precision', 'PrecisionAtRecall', 'R2Score', 'Recall', 'RecallAtPrecision', 'RootMeanSquaredError',
    'SensitivityAtSpecificity', 'SparseCategoricalAccuracy', 'SparseCategoricalCrossentropy',
    'SparseTopKCategoricalAccuracy', 'SpecificityAtSensitivity', 'SquaredHinge', 'Sum', 'TopKCategoricalAccuracy',
    'TrueNegatives', 'TruePositives', 'binary_accuracy', 'binary_crossentropy', 'binary_focal_crossentropy',
    'categorical_accuracy', 'categorical_crossentropy', 'categorical_focal_crossentropy', 'categorical_hinge',
    'concordance_correlation', 'deserialize', 'get', 'hinge', 'huber', 'kld', 'kullback_leibler_divergence', 'logcosh',
    'mae', 'mape', 'mse', 'msle', 'pearson_correlation', 'poisson', 'serialize', 'sparse_categorical_accuracy',
    'sparse_categorical_crossentropy', 'sparse_top_k_categorical_accuracy', 'squared_hinge',
    'top_k_categorical_accuracy',
)
