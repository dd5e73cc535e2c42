"""save_model(model, 'dir', zipped=False) interrupted mid-write leaves the old directory whole.

The unzipped archive (Keras 3's zipped=False) wrote config.json, metadata.json and then
model.weights.h5 in place: an exception or Ctrl-C while the weights were written left a new
config beside a truncated weights file, which load_model then refused. Every other save
(.keras, .h5, .weights.h5, sharded weights, checkpoints) was already atomic; now this one is.
"""
import os

import h5py
import numpy as np
import pytest

from framework import keras


def _contents(directory):
    out = {}
    for root, _, files in os.walk(directory):
        for name in files:
            with open(os.path.join(root, name), 'rb') as f:
                out[os.path.relpath(os.path.join(root, name), directory)] = f.read()
    return out


def test_an_interrupted_save_keeps_the_old_members(tmp_path, monkeypatch):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4), keras.layers.Dense(2)])
    target = tmp_path / 'unzipped'
    keras.saving.save_model(model, target, zipped=False)
    before = _contents(target)
    expected = model.predict(np.ones((1, 3)), verbose=0)

    model.layers[0].kernel.assign(model.layers[0].kernel + 1.0)
    create = h5py.Group.create_dataset
    calls = []

    def interrupted(self, *args, **kwargs):
        calls.append(args)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return create(self, *args, **kwargs)

    monkeypatch.setattr(h5py.Group, 'create_dataset', interrupted)
    with pytest.raises(KeyboardInterrupt):
        keras.saving.save_model(model, target, zipped=False)
    monkeypatch.setattr(h5py.Group, 'create_dataset', create)

    assert _contents(target) == before            # no temporary left, nothing half-written
    restored = keras.saving.load_model(target)
    np.testing.assert_array_equal(restored.predict(np.ones((1, 3)), verbose=0), expected)


def test_a_finished_save_replaces_every_member(tmp_path):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    target = tmp_path / 'unzipped'
    keras.saving.save_model(model, target, zipped=False)
    model.layers[0].kernel.assign(model.layers[0].kernel + 1.0)
    keras.saving.save_model(model, target, zipped=False)
    assert sorted(_contents(target)) == ['config.json', 'metadata.json', 'model.weights.h5']
    restored = keras.saving.load_model(target)
    np.testing.assert_array_equal(restored.layers[0].kernel.numpy(), model.layers[0].kernel.numpy())
