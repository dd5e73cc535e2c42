"""AUC's label_weights and multi_label label counts as Keras 3.15 / TF 2.21 take them.

Values and error texts printed by keras.metrics.AUC in the reference environment for the same inputs.
"""
import numpy as np
import pytest

from framework import errors, metrics

LABELS = np.array([[1, 0, 1], [0, 1, 1], [1, 1, 0], [0, 0, 1], [1, 0, 0], [0, 1, 0]], 'float32')
SCORES = np.array([[0.9, 0.2, 0.6], [0.3, 0.8, 0.4], [0.7, 0.55, 0.1], [0.2, 0.1, 0.95], [0.45, 0.35, 0.5],
                   [0.6, 0.65, 0.3]], 'float32')


@pytest.mark.parametrize('kwargs, expected', [
    # Keras 3 keeps any label_weights (no non-negative check, as tf.keras 2 had): tapeflow refused these
    (dict(label_weights=[1, -2, 3]), 0.5694444179534912),
    (dict(multi_label=True, label_weights=[1, -2, 3]), 0.7777776718139648),
    (dict(multi_label=True, curve='PR', label_weights=[1, -2, 3]), 0.8082119822502136),
    (dict(multi_label=True, label_weights=[[1, 2, 3]]), 0.9259259104728699),
    (dict(label_weights=2.0), 0.9320988059043884),
    # a scalar weight in the weighted mean over labels: the sum of the per-label areas
    (dict(multi_label=True, label_weights=2.0), 2.777777671813965),
])
def test_label_weights_of_any_sign_and_shape_weight_the_areas(kwargs, expected):
    auc = metrics.AUC(**kwargs)
    auc.update_state(LABELS, SCORES)
    assert float(auc.result()) == expected


def test_one_label_adds_to_every_label_of_a_multi_label_state():
    # Keras adds the (thresholds, 1) counts to the (thresholds, 3) state: AddV2 broadcasts
    auc = metrics.AUC(multi_label=True)
    auc.update_state(LABELS, SCORES)
    auc.update_state(LABELS[:, :1], SCORES[:, 1:2])
    assert float(auc.result()) == 0.625
    assert auc.true_positives.numpy()[[0, 100, 199]].tolist() == [[6.0, 6.0, 6.0], [3.0, 4.0, 3.0], [0.0, 0.0, 0.0]]


def test_another_number_of_labels_is_tfs_addv2_error():
    auc = metrics.AUC(multi_label=True, num_thresholds=7)
    auc.update_state(LABELS, SCORES)
    with pytest.raises(errors.InvalidArgumentError) as err:
        auc.update_state(LABELS[:, :2], SCORES[:, :2])
    assert str(err.value) == ('{{function_node __wrapped__AddV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
                              'Incompatible shapes: [7,3] vs. [7,2] [Op:AddV2] name: ')
    assert 'holds 3 labels' in ' '.join(err.value.__notes__)


@pytest.mark.parametrize('labels, scores, text', [
    (LABELS[None], SCORES[None], 'Found rank 3. Full shape received for `y_pred`: (1, 6, 3)'),
    (LABELS[:, 0], SCORES[:, 0], 'Found rank 1. Full shape received for `y_pred`: (6,)'),
])
def test_multi_label_needs_rank_two_in_kerass_words(labels, scores, text):
    with pytest.raises(ValueError) as err:
        metrics.AUC(multi_label=True).update_state(labels, scores)
    assert str(err.value) == '`y_pred` must have rank 2 when `multi_label=True`. ' + text
