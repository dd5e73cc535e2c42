"""AUC(num_thresholds=np.int64(5)) / MeanIoU(np.int64(3)) keep the value as given in get_config, as Keras 3 does
(TF 2.21 prints 'num_thresholds': np.int64(5) and 'num_classes': np.int64(3)); tapeflow turned them into ints.
Printed by TF 2.21 with /work/notes/progs/metrics8/b14.py; b16.py checks the .keras / .h5 round trip (plain 5 / 3).
"""
import numpy as np

from framework import keras


def test_numpy_integer_arguments_stay_as_given_in_config():
    auc_config = keras.metrics.AUC(num_thresholds=np.int64(5)).get_config()
    assert type(auc_config['num_thresholds']) is np.int64 and auc_config['num_thresholds'] == 5
    for cls in (keras.metrics.MeanIoU, keras.metrics.OneHotMeanIoU):
        config = cls(np.int64(3)).get_config()
        assert type(config['num_classes']) is np.int64 and config['num_classes'] == 3


def test_numpy_integer_metrics_still_count():
    metric = keras.metrics.MeanIoU(np.int64(3))
    metric.update_state([0, 1, 2, 2], [0, 2, 2, 1])
    assert float(metric.result()) == 0.4444444179534912      # TF 2.21: MeanIoU(np.int64(3)), same update
    assert [tuple(v.shape) for v in metric.variables] == [(3, 3)]
    auc = keras.metrics.AUC(num_thresholds=np.int64(5))
    auc.update_state([1., 0., 1., 0.], [.9, .2, .6, .7])
    assert auc.variables[0].shape[0] == 5
    assert keras.metrics.AUC.from_config(keras.metrics.AUC(num_thresholds=np.int64(5)).get_config()).num_thresholds == 5
