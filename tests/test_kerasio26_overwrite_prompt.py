"""save / save_weights with overwrite=False ask as Keras 3.15 asks, on stdin.

An existing file prompts '[WARNING] <path> already exists - overwrite? [y/n]' (other answers are
asked again: 'Enter "y" (overwrite) or "n" (cancel).'); 'n' returns without writing, 'y' prints
'[TIP] Next time specify overwrite=True!' and saves. A legacy .h5 save asks twice, as Keras's
saving_api and its legacy writer each ask. tapeflow raised FileExistsError instead (a script with no
stdin gets input()'s EOFError on TF 2.21). Expected values: TF 2.21 running
/work/notes/progs/kerasio26/p28_overwrite_prompt.py.
"""
import hashlib
import os

import pytest

from framework import keras


@pytest.fixture
def answering(monkeypatch):
    answers, prompts = [], []

    def fake_input(prompt=''):
        prompts.append(prompt)
        return answers.pop(0)
    monkeypatch.setattr('builtins.input', fake_input)
    return answers, prompts


def _digest(path):
    with open(path, 'rb') as f:
        return hashlib.md5(f.read()).hexdigest()


@pytest.mark.parametrize('name, asks', [('a.keras', 1), ('a.h5', 2), ('a.weights.h5', 1)])
def test_overwrite_false_asks(tmp_path, answering, capsys, name, asks):
    answers, prompts = answering
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    save = model.save_weights if name.endswith('.weights.h5') else model.save
    path = str(tmp_path / name)
    save(path)
    question = '[WARNING] %s already exists - overwrite? [y/n]' % path
    for reply, changes in [(['n'], False), (['maybe'] + ['y'] * asks, True), (['y', 'n'], asks == 1)]:
        answers[:] = list(reply)
        del prompts[:]
        model.layers[0].kernel.assign(model.layers[0].kernel + 1.0)
        before = _digest(path)
        capsys.readouterr()
        assert save(path, overwrite=False) is None
        assert (_digest(path) != before) == changes
        expected = [question] + (['Enter "y" (overwrite) or "n" (cancel).'] if reply[0] == 'maybe' else [])
        if reply[0] != 'n':
            expected += [question] * (asks - 1)
        assert prompts == expected
        assert capsys.readouterr().out.count('[TIP] Next time specify overwrite=True!\n') == \
            sum(1 for answer in reply[:len(prompts)] if answer == 'y')
    # with no file there is nothing to ask
    del prompts[:]
    save(str(tmp_path / ('new_' + name)), overwrite=False)
    assert prompts == [] and os.path.exists(str(tmp_path / ('new_' + name)))
