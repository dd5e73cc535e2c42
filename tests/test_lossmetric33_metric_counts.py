"""Confusion-matrix metrics' weighted counts and IoU's float states against Keras 3.15 / TF 2.21.

Values printed by keras.metrics in the reference environment for the same inputs.
"""
import numpy as np

from framework import metrics


def _seeded_batch(seed):
    g = np.random.RandomState(seed)
    labels = (g.uniform(size=(5, 3)) > 0.5).astype('float32')
    return labels, g.uniform(size=(5, 3)).astype('float32'), g.uniform(size=(5,)).astype('float32')


def test_weighted_counts_sum_the_flat_predictions_in_tfs_order():
    # Keras's ops.sum over the 15 weighted predictions: Eigen's order, not numpy's pairwise one
    # (which gave tp 2.145400047302246 and Recall 0.4870147109031677)
    labels, scores, weights = _seeded_batch(4)
    recall = metrics.Recall()
    recall.update_state(labels, scores, sample_weight=weights)
    assert [v.numpy().tolist() for v in recall.variables] == [[2.145399808883667], [2.259805917739868]]
    assert float(recall.result()) == 0.48701468110084534


def test_float_iou_states_truncate_each_label_to_its_class():
    # Keras casts the true and the predicted class to int64 apart: 1.6 is class 1, 0.7 class 0
    # (tapeflow truncated true * 2 + pred as one float and filled the wrong cells)
    iou = metrics.BinaryIoU(dtype='float64')
    iou.update_state(np.array([0.2, 0.7, 1.0, 1.6, 0.0, 1.0]), np.array([0.9, 0.1, 0.8, 0.6, 0.3, 0.2]))
    assert iou.variables[0].numpy().tolist() == [[2.0, 1.0], [1.0, 2.0]]
    assert float(iou.result()) == 0.5
    iou = metrics.IoU(num_classes=3, target_class_ids=[0, 1, 2], dtype='float32')
    iou.update_state(np.array([0.5, 1.5, 2.5, 2.0, -0.5]), np.array([0.2, 1.9, 2.2, 0.7, 0.0]))
    assert iou.variables[0].numpy().tolist() == [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [1.0, 0.0, 1.0]]
    assert float(iou.result()) == 0.6666666269302368
