"""load_model of a .keras file compiled with AUC(multi_label=True, label_weights=[...]): AUC.get_config holds
label_weights as a tensor, which the file stores as a '__tensor__' entry that AUC's constructor cannot convert.
TF 2.21 (Keras 3) fails there with convert_to_tensor's own ValueError; tapeflow wrapped it in its
'cannot restore the compile arguments (...)' text. Printed by TF 2.21 with /work/notes/progs/metrics8/b8.py.
"""
import os

import numpy as np
import pytest

from framework import keras

TF_TEXT = ("Attempt to convert a value ({'class_name': '__tensor__', 'config': {'value': [0.10000000149011612, "
           "0.20000000298023224, 0.699999988079071], 'dtype': 'float32'}}) with an unsupported type (<class 'dict'>) "
           "to a Tensor.")


def test_keras_file_with_auc_label_weights_fails_to_load_with_tf_text(tmp_path):
    keras.backend.clear_session()
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3, activation='sigmoid')])
    model.compile('adam', 'binary_crossentropy',
                  metrics=[keras.metrics.AUC(multi_label=True, label_weights=[.1, .2, .7], curve='PR')])
    rng = np.random.RandomState(8)
    model.fit(rng.rand(8, 4).astype('float32'), (rng.rand(8, 3) > .5).astype('float32'), epochs=1, verbose=0)
    path = os.path.join(str(tmp_path), 'm.keras')
    model.save(path)
    with pytest.raises(ValueError) as info:
        keras.models.load_model(path)
    assert str(info.value) == TF_TEXT
    assert keras.models.load_model(path, compile=False).output_shape == (None, 3)     # the way out the note gives


def test_h5_save_of_auc_label_weights_is_tf_json_type_error(tmp_path):
    # TF 2.21: model.save('m.h5') -> TypeError (Keras 2's serializer keeps label_weights as an EagerTensor, which
    # the .h5 writer's JSON encoder refuses); printed with the snippet below under tensorflow
    keras.backend.clear_session()
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3)])
    model.compile('adam', 'mse', metrics=[keras.metrics.AUC(multi_label=True, label_weights=[.25, .5, 1.])])
    with pytest.raises(TypeError) as info:
        model.save(os.path.join(str(tmp_path), 'm.h5'))
    assert str(info.value) == ("Unable to serialize [0.25 0.5  1.  ] to JSON. Unrecognized type "
                               "<class 'tensorflow.python.framework.ops.EagerTensor'>.")
