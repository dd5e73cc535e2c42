"""tf.math.xlogy / xlog1py / xdivy of operands that do not broadcast raise their own kernel's error, as
TF 2.21 (printed by TF 2.21: tf.math.xlogy(tf.constant([1.5, 2.5]), tf.constant([0.5, 3.0, 1.0])) ->
'{{function_node __wrapped__Xlogy_device_/job:localhost/replica:0/task:0/device:CPU:0}} Incompatible shapes:
[2] vs. [3] [Op:Xlogy] name: '; with Python lists the text ends at '[Op:Xlogy]')."""
import pytest

import framework as tf
from framework.errors import InvalidArgumentError


@pytest.mark.parametrize('op, kernel', [('xlogy', 'Xlogy'), ('xlog1py', 'Xlog1py'), ('xdivy', 'Xdivy')])
def test_incompatible_shapes_name_the_kernel(op, kernel):
    prefix = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} ' % kernel
    with pytest.raises(InvalidArgumentError) as caught:
        getattr(tf.math, op)(tf.constant([1.5, 2.5]), tf.constant([0.5, 3.0, 1.0]))
    assert str(caught.value) == prefix + 'Incompatible shapes: [2] vs. [3] [Op:%s] name: ' % kernel
    with pytest.raises(InvalidArgumentError) as caught:
        getattr(tf.math, op)(tf.constant([1.5, 2.5]), [0.5, 3.0, 1.0])
    assert str(caught.value) == prefix + 'Incompatible shapes: [2] vs. [3] [Op:%s]' % kernel
    assert getattr(tf.math, op)(tf.constant([[0.0], [2.0]]), tf.constant([0.5, 3.0, 1.0])).shape == (2, 3)
