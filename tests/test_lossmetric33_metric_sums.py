"""F1Score / FBetaScore and R2Score sum as Keras 3.15's ops.sum / ops.mean do on TF 2.21's CPU kernels.

Sums over the samples (axis 0) take reduce_sum's order, whole sums Eigen's packet order; numpy's
pairwise order changed last bits of the states and results. Values printed by keras.metrics in the
reference environment for the same seeded inputs.
"""
import numpy as np

from framework import metrics


def _batch():
    g = np.random.RandomState(0)
    labels = (g.uniform(size=(24, 10)) > 0.6).astype('float32')
    scores = g.uniform(size=(24, 10)).astype('float32')
    weights = g.uniform(size=(24,)).astype('float32')
    return labels, scores, weights, g.uniform(size=(24, 10)).astype('float32')


def test_f1_micro_sums_every_weighted_count_in_tfs_order():
    labels, scores, weights, _ = _batch()
    f1 = metrics.F1Score(average='micro', threshold=0.3)
    f1.update_state(labels, scores, sample_weight=weights)
    # numpy's order gave false_positives 43.87303161621094
    assert [float(v.numpy()) for v in f1.variables] == [31.360610961914062, 43.8730354309082, 10.98182487487793,
                                                        42.342437744140625]
    assert float(f1.result()) == 0.5334521532058716


def test_f1_weighted_sums_over_the_samples_in_tfs_order():
    labels, scores, weights, _ = _batch()
    f1 = metrics.F1Score(average='weighted', threshold=0.5)
    f1.update_state(labels, scores, sample_weight=weights)
    true_positives, false_positives = f1.variables[0].numpy(), f1.variables[1].numpy()
    assert true_positives[1:3].tolist() == [1.5231654644012451, 1.703038215637207]     # was ...55836..., ...80964...
    assert false_positives[0] == np.float32(2.4624032974243164)
    assert float(f1.result()) == 0.4471946954727173


def test_r2_column_sums_and_average_in_tfs_order():
    _, scores, weights, targets = _batch()
    for aggregation, expected in (('uniform_average', -0.9873632192611694),          # was -0.9873645901679993
                                  ('variance_weighted_average', -0.9805945754051208)):  # was -0.9805960655212402
        r2 = metrics.R2Score(class_aggregation=aggregation)
        r2.update_state(targets, scores, sample_weight=weights)
        assert float(r2.result()) == expected
        assert r2.variables[1].numpy()[[1, 4, 5]].tolist() == [3.654587507247925, 2.957702159881592,
                                                               5.848916053771973]
        # the weights' column sums: the last two columns are Eigen's tail, summed apart
        assert r2.variables[4].numpy().tolist() == [11.026484489440918] * 8 + [11.026482582092285] * 2
