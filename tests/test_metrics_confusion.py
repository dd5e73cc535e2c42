"""Keras 3's confusion-matrix metrics (and F-scores, R2Score, hinge and correlation metrics) against Keras 3.15.

Golden values: each metric built with the same arguments in Keras 3.15
(TensorFlow 2.21, CPU, /opt/tfref), updated with Y[:5], P[:5] then Y[5:], P[5:]
(and SW[:5], SW[5:] as sample_weight where marked), and ``result()`` printed
with full float32 precision; the configs are Keras's ``get_config()`` of the same
objects. The fit history is Keras's from the script in ``_fit_binary_classifier``
run with ``import keras``.
"""
import re

import numpy as np
import pytest

from framework import keras, metrics
from framework.tensor import Tensor

Y = np.array([[1, 0, 0], [0, 1, 1], [1, 1, 1], [1, 1, 0], [1, 0, 1], [0, 1, 1], [0, 0, 0], [0, 1, 1]], np.float32)
P = np.array([[0.0, 0.38, 1.0], [0.98, 1.0, 0.65], [0.69, 0.39, 0.5], [0.72, 0.53, 0.31], [0.49, 0.89, 0.93],
              [0.36, 0.57, 0.32], [0.59, 0.34, 0.39], [0.89, 0.23, 0.62]], np.float32)
SW = np.array([0.08, 0.83, 0.79, 0.24, 0.88, 0.06, 0.34, 0.15], np.float32)

# (class, arguments, weighted, Keras's result). P holds 0, 0.5 and 1 exactly: the
# threshold boundaries, where a prediction must not count as above the threshold.
GOLDEN = [
    ('TruePositives', {}, False, 8.0),
    ('FalsePositives', {'thresholds': [0.15, 0.5, 0.85]}, False, [10.0, 5.0, 4.0]),
    ('TrueNegatives', {}, True, 1.059999942779541),
    ('FalseNegatives', {'thresholds': [0.0, 0.25, 0.5, 0.75, 1.0]}, True, [0.08000040054321289, 0.23000040650367737, 2.750000476837158, 5.060000419616699, 6.770000457763672]),
    ('Precision', {}, False, 0.6153846383094788),
    ('Precision', {'thresholds': [0.3, 0.7]}, True, [0.6619433760643005, 0.5012853741645813]),
    ('Precision', {'top_k': 1}, False, 0.625),
    ('Precision', {'top_k': 2, 'class_id': 1}, True, 0.5406697988510132),
    ('Recall', {'class_id': 2}, False, 0.6000000238418579),
    ('Recall', {'thresholds': [0.0, 0.5, 1.0]}, True, [0.9881830811500549, 0.5937961339950562, 0.0]),
    ('Recall', {'top_k': 2}, True, 0.5878877639770508),
    ('AUC', {}, False, 0.47857144474983215),
    ('AUC', {}, True, 0.46423104405403137),
    ('AUC', {'curve': 'PR'}, False, 0.5484133958816528),
    ('AUC', {'curve': 'PR'}, True, 0.6651678085327148),
    ('AUC', {'num_thresholds': 7, 'summation_method': 'minoring'}, False, 0.33571431040763855),
    ('AUC', {'curve': 'PR', 'summation_method': 'majoring'}, True, 0.6888734698295593),
    ('AUC', {'multi_label': True}, False, 0.5041666626930237),
    ('AUC', {'multi_label': True, 'label_weights': [0.2, 0.3, 0.5], 'curve': 'PR'}, True, 0.7586477994918823),
    ('AUC', {'label_weights': [1.0, 2.0, 0.5]}, True, 0.4631491005420685),
    ('AUC', {'thresholds': [0.3, 0.5, 0.9]}, False, 0.47857144474983215),
    ('AUC', {'from_logits': True}, False, 0.4750000238418579),
    ('AUC', {'multi_label': True, 'num_labels': 3, 'curve': 'PR'}, False, 0.5787429809570312),
    ('AUC', {'curve': 'PRGAIN'}, False, 0.10927410423755646),
    ('PrecisionAtRecall', {'recall': 0.5}, False, 0.6666666865348816),
    ('PrecisionAtRecall', {'recall': 0.8, 'num_thresholds': 11}, True, 0.7139272689819336),
    ('RecallAtPrecision', {'precision': 0.6}, False, 0.7857142686843872),
    ('RecallAtPrecision', {'precision': 0.4, 'class_id': 0}, True, 0.9597989916801453),
    ('SensitivityAtSpecificity', {'specificity': 0.5}, False, 0.7142857313156128),
    ('SensitivityAtSpecificity', {'specificity': 0.7, 'num_thresholds': 1}, True, 0.0),
    ('SpecificityAtSensitivity', {'sensitivity': 0.5}, False, 0.5),
    ('SpecificityAtSensitivity', {'sensitivity': 0.9, 'num_thresholds': 2}, True, 0.0),
    ('F1Score', {}, False, [0.4999999403953552, 0.5714285373687744, 0.2857142388820648]),
    ('F1Score', {'average': 'micro', 'threshold': 0.5}, False, 0.5925925970077515),
    ('F1Score', {'average': 'macro'}, True, 0.5559365749359131),
    ('F1Score', {'average': 'weighted', 'threshold': 0.4}, True, 0.7744694948196411),
    ('FBetaScore', {'beta': 2.0}, False, [0.5, 0.4545454680919647, 0.22727273404598236]),
    ('FBetaScore', {'beta': 0.5, 'average': 'macro', 'threshold': 0.3}, True, 0.7031465172767639),
    ('R2Score', {}, False, -0.43840885162353516),
    ('R2Score', {'class_aggregation': 'variance_weighted_average'}, True, -0.46830689907073975),
    ('R2Score', {'class_aggregation': None}, False, [-0.8323999643325806, -0.2922133207321167, -0.1906132698059082]),
    ('R2Score', {'num_regressors': 2}, False, -0.5754002332687378),
    ('Hinge', {}, False, 0.93708336353302),
    ('SquaredHinge', {}, True, 1.1136375665664673),
    ('CategoricalHinge', {}, False, 0.7449999451637268),
    ('ConcordanceCorrelation', {}, True, -0.144022136926651),
]


def _two_batches(metric, weighted):
    metric.update_state(Y[:5], P[:5], sample_weight=SW[:5] if weighted else None)
    metric.update_state(Y[5:], P[5:], sample_weight=SW[5:] if weighted else None)
    return np.asarray(metric.result())


@pytest.mark.parametrize('name, kwargs, weighted, expected', GOLDEN)
def test_result_matches_keras(backend, name, kwargs, weighted, expected):
    # Weighted counts are float32 sums whose order differs from TensorFlow's (a few ulps).
    metric = getattr(metrics, name)(**kwargs)
    result = _two_batches(metric, weighted)
    assert all(backend.holds(v) for v in metric.variables)
    assert result.dtype == np.float32 and result.shape == np.shape(expected)
    np.testing.assert_allclose(result, expected, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize('name, kwargs, weighted, expected', GOLDEN[::4])
def test_reset_state_starts_over(name, kwargs, weighted, expected):
    metric = getattr(metrics, name)(**kwargs)
    _two_batches(metric, weighted)
    metric.reset_state()
    assert all(not np.asarray(v).any() for v in metric.variables)
    np.testing.assert_allclose(_two_batches(metric, weighted), expected, rtol=1e-5, atol=1e-6)


def test_pearson_correlation_and_ties_in_top_k_match_keras():
    pearson = metrics.PearsonCorrelation()
    pearson.update_state(P, P ** 2 + Y)
    np.testing.assert_allclose(float(pearson.result()), 0.4439881443977356, rtol=1e-6)
    # Tied scores: top_k keeps the lower index, as Keras's top_k does (so the label's class is left out).
    assert float(metrics.Precision(top_k=1)([[0, 1, 0]], [[0.5, 0.5, 0.1]])) == 0.0


def test_counts_and_rates_before_any_update_are_zero():
    # (F1Score / R2Score make their variables at the first batch: AttributeError before, as Keras 3 (errors10))
    for metric in (metrics.Precision(), metrics.Recall(), metrics.TruePositives(), metrics.AUC(),
                   metrics.PrecisionAtRecall(0.5)):
        assert float(metric.result()) == 0.0
    assert np.asarray(metrics.Precision(thresholds=[0.2, 0.8]).result()).tolist() == [0.0, 0.0]


CONFIGS = [
    ('Precision', {'thresholds': [0.3, 0.6], 'top_k': 2, 'class_id': 1},
     {'name': 'm', 'dtype': 'float32', 'thresholds': [0.3, 0.6], 'top_k': 2, 'class_id': 1}),
    ('TruePositives', {}, {'name': 'm', 'dtype': 'float32', 'thresholds': None}),
    ('AUC', {'curve': 'PR', 'thresholds': [0.25, 0.5], 'multi_label': True, 'num_labels': 3,
             'label_weights': [1.0, 2.0, 3.0]},
     {'name': 'm', 'dtype': 'float32', 'num_thresholds': 4, 'curve': 'PR', 'summation_method': 'interpolation',
      'multi_label': True, 'num_labels': 3, 'label_weights': [1.0, 2.0, 3.0], 'from_logits': False,
      'thresholds': [0.25, 0.5]}),
    ('PrecisionAtRecall', {'recall': 0.7},
     {'name': 'm', 'dtype': 'float32', 'class_id': None, 'num_thresholds': 200, 'recall': 0.7}),
    ('SpecificityAtSensitivity', {'sensitivity': 0.4, 'num_thresholds': 5, 'class_id': 1},
     {'name': 'm', 'dtype': 'float32', 'class_id': 1, 'num_thresholds': 5, 'sensitivity': 0.4}),
    ('F1Score', {'average': 'macro'}, {'name': 'm', 'dtype': 'float32', 'average': 'macro', 'threshold': None}),
    ('FBetaScore', {'beta': 2.0}, {'name': 'm', 'dtype': 'float32', 'average': None, 'beta': 2.0, 'threshold': None}),
    ('R2Score', {}, {'name': 'm', 'dtype': 'float32', 'class_aggregation': 'uniform_average', 'num_regressors': 0}),
    ('Hinge', {}, {'name': 'm', 'dtype': 'float32'}),
    ('PearsonCorrelation', {}, {'name': 'm', 'dtype': 'float32', 'axis': -1}),
]


@pytest.mark.parametrize('name, kwargs, expected', CONFIGS)
def test_config_matches_keras_and_round_trips(name, kwargs, expected):
    metric = getattr(metrics, name)(name='m', **kwargs)
    assert _listed(metric.get_config()) == expected
    clone = metrics.deserialize(metrics.serialize(metric))
    assert type(clone) is type(metric) and _listed(clone.get_config()) == expected


def _listed(config):
    # AUC's label_weights come back as the tensor Keras keeps (tests/test_metrics13_metric_state.py)
    return {k: v.numpy().tolist() if isinstance(v, Tensor) else v for k, v in config.items()}


def test_default_names_get_keras_suffixes_and_explicit_defaults_do_not():
    def suffix(name, base):
        match = re.fullmatch(base + r'(?:_(\d+))?', name)
        assert match, name
        return int(match.group(1) or 0)
    for cls, base in ((metrics.Precision, 'precision'), (metrics.AUC, 'auc'), (metrics.TruePositives, 'true_positives'),
                      (metrics.RecallAtPrecision, 'recall_at_precision')):
        args = (0.5,) if cls is metrics.RecallAtPrecision else ()
        first, second = cls(*args), cls(*args)
        assert suffix(second.name, base) == suffix(first.name, base) + 1
    assert metrics.F1Score().name == metrics.F1Score().name == 'f1_score'
    assert metrics.R2Score().name == 'r2_score' and metrics.FBetaScore().name == 'fbeta_score'


@pytest.mark.parametrize('identifier, cls', [('precision', 'Precision'), ('recall', 'Recall'), ('auc', 'AUC'),
                                             ('AUC', 'AUC'), ('f1_score', 'F1Score'), ('r2_score', 'R2Score'),
                                             ('true_positives', 'TruePositives'), ('hinge', 'Hinge'),
                                             ('pearson_correlation', 'PearsonCorrelation')])
def test_compile_strings_resolve_and_keep_their_spelling(identifier, cls):
    metric = metrics.compile_metric(identifier, (4, 1), (4, 1))
    assert type(metric) is getattr(metrics, cls) and metric.name == identifier
    assert getattr(keras.metrics, cls) is getattr(metrics, cls)


def test_rates_say_higher_is_better():
    for metric in (metrics.Precision(), metrics.AUC(), metrics.F1Score(), metrics.R2Score(),
                   metrics.SensitivityAtSpecificity(0.5)):
        assert metric._direction == 'up'
    assert metrics.Hinge()._direction == 'down'


def _fit_binary_classifier():
    i = np.arange(40, dtype=np.float32)
    x = np.stack([np.sin(i), np.cos(0.5 * i), (i % 7) / 7.0 - 0.5], axis=1).astype(np.float32)
    labels = (x[:, 0] + 0.5 * x[:, 2] > 0).astype(np.float32)[:, None]
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, activation='elu'),
                              keras.layers.Dense(1, activation='sigmoid')])
    model.set_weights([np.arange(12, dtype=np.float32).reshape(3, 4) / 10.0 - 0.5,
                       np.array([0.1, -0.1, 0.05, 0.0], np.float32),
                       np.array([[0.3], [-0.2], [0.5], [0.1]], np.float32), np.array([0.05], np.float32)])
    model.compile(keras.optimizers.SGD(0.5), 'binary_crossentropy',
                  metrics=['accuracy', 'auc', 'precision', 'recall', keras.metrics.AUC(curve='PR', name='pr_auc'),
                           keras.metrics.F1Score(threshold=0.5)])
    history = model.fit(x, labels, batch_size=16, epochs=3, validation_data=(x[:12], labels[:12]), shuffle=False,
                        verbose=0)
    return model, history, x, labels


def test_fit_history_matches_keras(backend):
    model, history, x, labels = _fit_binary_classifier()
    expected = {
        'accuracy': [0.32499998807907104, 0.7749999761581421, 0.925000011920929],
        'auc': [0.16624999046325684, 0.9649999737739563, 1.0],
        'f1_score': [[0.44897955656051636], [0.8163264989852905], [0.9302324652671814]],
        'loss': [0.7415236234664917, 0.6485284566879272, 0.5613306760787964],
        'pr_auc': [0.3351261019706726, 0.9648304581642151, 1.0],
        'precision': [0.37931033968925476, 0.6896551847457886, 0.8695651888847351],
        'recall': [0.550000011920929, 1.0, 1.0],
        'val_accuracy': [0.5833333134651184, 0.9166666865348816, 0.9166666865348816],
        'val_auc': [0.9583333730697632, 1.0, 1.0],
        'val_f1_score': [[0.7058823108673096], [0.923076868057251], [0.923076868057251]],
        'val_loss': [0.6771230697631836, 0.5862367153167725, 0.4861142635345459],
        'val_pr_auc': [0.9646137356758118, 1.0, 1.0],
        'val_precision': [0.5454545617103577, 0.8571428656578064, 0.8571428656578064],
        'val_recall': [1.0, 1.0, 1.0]}
    assert list(history.history) == list(expected)
    for key, values in expected.items():
        np.testing.assert_allclose(np.asarray(history.history[key], np.float64), values, rtol=2e-6, atol=1e-7,
                                   err_msg=key)
    result = model.evaluate(x, labels, verbose=0, return_dict=True)
    assert sorted(result) == ['accuracy', 'auc', 'f1_score', 'loss', 'pr_auc', 'precision', 'recall']
    assert result['precision'] == pytest.approx(0.9090909361839294) and result['auc'] == 1.0
    assert result['loss'] == pytest.approx(0.4846222996711731, rel=1e-5)


@pytest.mark.parametrize('make, names', [
    (lambda: metrics.Precision(thresholds=1.5), ('Precision', 'threshold')),
    (lambda: metrics.Recall(thresholds=[0.2, None]), ('Recall', 'threshold')),
    (lambda: metrics.TruePositives(thresholds=-0.1), ('TruePositives', 'threshold')),
    # FalseNegatives(thresholds=[]) counts at no threshold in TF 2.21 (errors10: test_errors10_threshold_metric_arguments)
    (lambda: metrics.AUC(curve='ROCX'), ('AUC', 'curve', 'ROCX')),
    (lambda: metrics.AUC(summation_method='trapezoid'), ('AUC', 'summation method')),     # Keras 3.15's words
    (lambda: metrics.AUC(num_thresholds=1), ('AUC', 'num_thresholds')),
    (lambda: metrics.AUC(num_labels=3), ('AUC', 'num_labels', 'multi_label')),
    # AUC(label_weights=[1.0, -1.0]) is accepted by Keras 3 (test_metrics3_auc_labels.py pins its value)
    (lambda: metrics.PrecisionAtRecall(1.5), ('PrecisionAtRecall', 'recall')),
    (lambda: metrics.SensitivityAtSpecificity(0.5, num_thresholds=0), ('SensitivityAtSpecificity', 'num_thresholds')),
    (lambda: metrics.FBetaScore(beta=2), ('FBetaScore', 'beta')),
    (lambda: metrics.FBetaScore(average='samples'), ('FBetaScore', 'average')),
    (lambda: metrics.F1Score(threshold=0.0), ('F1Score', 'threshold')),
    (lambda: metrics.R2Score(class_aggregation='mean'), ('class_aggregation', 'mean')),     # Keras's: no class name
    (lambda: metrics.R2Score(num_regressors=-1), ('R2Score', 'num_regressors')),
])
def test_bad_arguments_raise_naming_the_metric(make, names):
    with pytest.raises(ValueError) as err:
        make()
    text = ' '.join([str(err.value)] + getattr(err.value, '__notes__', []))   # Keras's text, the name in a note
    assert all(name in text for name in names), text


# (metric, a good batch first or None, the bad batch, words the error must hold)
TWO_LABELS = (Y[:, :2], P[:, :2])


@pytest.mark.parametrize('make, good, bad, names', [
    (metrics.Precision, (Y, P), (Y[:, :2], P), ('Precision', '(8, 2)', '(8, 3)')),
    (metrics.AUC, (Y, P), (Y, P, np.ones(3, np.float32)), ('AUC', 'sample_weight', '(8, 3)')),
    (lambda: metrics.Recall(class_id=5), None, (Y, P), ('Recall', 'class_id=5')),
    (lambda: metrics.Precision(top_k=4), None, (Y, P), ('Precision', 'top_k')),
    (lambda: metrics.AUC(multi_label=True, num_labels=3), (Y, P), TWO_LABELS, ('AUC', '3 labels', '(8, 2)')),
    (lambda: metrics.AUC(multi_label=True), TWO_LABELS, (Y, P), ('AUC', '2 labels', '(8, 3)')),
    (lambda: metrics.AUC(multi_label=True), None, (Y[:, 0], P[:, 0]), ('AUC', 'multi_label', '(8,)')),
    # (Y[:, 0], P[:, 0]) after (Y, P) is taken in TF 2.21 (its per-class sums broadcast): test_errors10_f_score_shapes
    (metrics.F1Score, (Y, P), TWO_LABELS, ('F1Score', 'Incompatible shapes: [3] vs. [2]', '(8, 2)')),
    (metrics.F1Score, (Y, P), (Y, P, np.ones((8, 3), np.float32)), ('F1Score', 'sample_weight', '(8, 3)')),
    # (Y[:, 0], P[:, 0]) after (Y, P) is taken in TF 2.21 (its per-column sums broadcast): test_errors10_r2_shapes
    (metrics.R2Score, (Y, P), (Y[:, :2], P[:, :2]), ('R2Score', 'Incompatible shapes: [3] vs. [2]')),
    (metrics.R2Score, (Y, P), (Y, P, np.ones(3, np.float32)), ('R2Score', 'sample_weight')),
    (lambda: metrics.SpecificityAtSensitivity(0.5), (Y, P), (Y, P[:4]), ('SpecificityAtSensitivity', '(4, 3)')),
])
def test_bad_batches_raise_naming_the_metric_and_change_nothing(make, good, bad, names):
    metric = make()
    if good is not None:
        metric.update_state(*good)
    before = [np.asarray(v).copy() for v in metric.variables]
    with pytest.raises(ValueError) as err:
        metric.update_state(*bad)
    text = ' '.join([str(err.value)] + getattr(err.value, '__notes__', []))   # TF's text, the metric in a note
    assert all(name in text for name in names), text
    for old, new in zip(before, metric.variables):
        np.testing.assert_array_equal(old, np.asarray(new))


def test_weighted_and_multiclass_metrics_in_fit_match_keras_and_survive_saving(tmp_path):
    # Keras 3.15 ran this same script (import keras); its history and evaluate() results are below.
    i = np.arange(40, dtype=np.float32)
    x = np.stack([np.sin(i), np.cos(0.5 * i), (i % 7) / 7.0 - 0.5], axis=1).astype(np.float32)
    onehot = np.eye(3, dtype=np.float32)[np.arange(40) % 3]
    sample_weight = (1 + (np.arange(40) % 4)).astype(np.float32) / 4
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, activation='elu'),
                              keras.layers.Dense(3, activation='softmax')])
    model.set_weights([np.arange(12, dtype=np.float32).reshape(3, 4) / 10.0 - 0.5,
                       np.array([0.1, -0.1, 0.05, 0.0], np.float32),
                       np.arange(12, dtype=np.float32).reshape(4, 3) / 12.0 - 0.4, np.array([0.0, 0.1, -0.1], np.float32)])
    model.compile(keras.optimizers.Adam(0.05), 'categorical_crossentropy',
                  metrics=[keras.metrics.AUC(multi_label=True, name='ml_auc'), keras.metrics.Precision(top_k=1, name='p1'),
                           keras.metrics.Recall(class_id=2, name='r2'), keras.metrics.F1Score(average='macro'),
                           'r2_score'],
                  weighted_metrics=[keras.metrics.AUC(name='wauc'), keras.metrics.PrecisionAtRecall(0.5, name='par'),
                                    keras.metrics.F1Score(average='weighted', name='wf1')])
    history = model.fit(x, onehot, sample_weight=sample_weight, batch_size=16, epochs=2, validation_split=0.25,
                        shuffle=False, verbose=0)
    expected = {
        'f1_score': [0.23968248069286346, 0.2927350103855133], 'loss': [0.663668692111969, 0.6486173272132874],
        'ml_auc': [0.4991666376590729, 0.5074999928474426], 'p1': [0.23333333432674408, 0.36666667461395264],
        'par': [0.4094488322734833, 0.40425533056259155], 'r2': [0.0, 0.0],
        'r2_score': [-0.0029478073120117188, -0.005036056041717529],
        'val_f1_score': [0.12121211737394333, 0.3148147761821747],
        'val_loss': [0.7454819679260254, 0.7468960881233215],
        'val_ml_auc': [0.4365079402923584, 0.4533730447292328], 'val_p1': [0.20000000298023224, 0.4000000059604645],
        'val_par': [0.3709677457809448, 0.4324324429035187], 'val_r2': [0.0, 0.0],
        'val_r2_score': [-0.0479382686316967, -0.10272324085235596],
        'val_wauc': [0.492798388004303, 0.5915638208389282], 'val_wf1': [0.1433691680431366, 0.38271600008010864],
        'wauc': [0.5302120447158813, 0.6033027172088623], 'wf1': [0.2563404142856598, 0.34502145648002625]}
    assert list(history.history) == list(expected)
    for key, values in expected.items():
        # R^2 of near-constant predictions subtracts close float32 sums: a few ulps of them show.
        np.testing.assert_allclose(history.history[key], values, rtol=2e-5, atol=1e-7, err_msg=key)
    model.save(tmp_path / 'model.keras')
    loaded = keras.saving.load_model(tmp_path / 'model.keras')
    result = loaded.evaluate(x, onehot, verbose=0, return_dict=True)
    keras_result = {'f1_score': 0.27866899967193604, 'loss': 1.14304518699646, 'ml_auc': 0.4891636371612549,
                    'p1': 0.3499999940395355, 'par': 0.3571428656578064, 'r2': 0.1538461595773697,
                    'r2_score': -0.044685203582048416, 'wauc': 0.4973437786102295, 'wf1': 0.28199636936187744}
    assert result == pytest.approx(keras_result, rel=2e-5)
