"""Strings where a metric takes numbers print TF's class, UnimplementedError, as TF 2.21 did
(/work/notes/progs/blogs31/p59.py): MeanIoU with string sample weights printed
'UnimplementedError {{function_node __wrapped__Cast_device_...}} Cast string to int64 is not supported'.
Before, type(e).__name__ was StringCastError.
"""
import numpy as np
import pytest

from framework import keras


def test_string_sample_weights_of_mean_iou():
    with pytest.raises(TypeError) as caught:          # still the TypeError tapeflow raised before
        keras.metrics.MeanIoU(num_classes=2)([0, 1], [0, 1], sample_weight=np.array(['1', '1']))
    assert type(caught.value).__name__ == 'UnimplementedError'
    assert str(caught.value).startswith('{{function_node __wrapped__Cast_device_/job:localhost/replica:0/task:0/'
                                        'device:CPU:0}} Cast string to int64 is not supported [Op:Cast] name:')
