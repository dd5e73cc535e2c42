"""Read everything, check everything, then assign: loading is all or nothing.

A loader matches the file's arrays to the model's variables into a
``WeightPlan``; each missing, unexpected or wrongly shaped weight is noted
rather than raised at once, so that the error lists every mismatch, and
``apply`` assigns only when there is none: a failed load leaves the model's
weights exactly as they were.
"""
import numpy as np

from framework import backend
from framework.errors import shown_as


class WeightsMismatchError(ValueError):
    """The file's weights do not fit the model; ``problems`` lists each mismatch."""

    def __init__(self, path, problems, keras_text=None):
        self.path = path
        self.problems = list(problems)
        lines = '\n'.join('  - %s' % p for p in self.problems)
        listing = ('Cannot load %s into this model: %d mismatch%s (no weight was changed):\n%s'
                   % (path, len(self.problems), '' if len(self.problems) == 1 else 'es', lines))
        # Keras's words for the first problem where it has fixed ones (a legacy .h5 file), the listing a note
        super().__init__(keras_text or listing)
        if keras_text:
            self.add_note(listing)


# Keras 3's class, as type(e).__name__ and the traceback's last line show it
shown_as(WeightsMismatchError, ValueError)


class WeightPlan:
    """(variable, array) pairs to assign, and the problems found while matching them."""

    def __init__(self, path, skip_mismatch=False):
        self.path = path
        self.skip_mismatch = skip_mismatch
        self.pairs = []
        self.problems = []
        self.skipped = []
        self.after = []          # (call, variables it may change): state a layer restores itself, last
        self.keras_text = None   # Keras's error for the first shape mismatch, where the loader names owners as Keras
        self.keras_skipped = []  # Keras's warning for each weight its legacy loader skips
        self.keras_failures = []  # (object, Keras 3's error for it): its .keras / .weights.h5 loader's words
        self.finalizers = []     # layers' finalize_state, called once the load succeeded (Normalization's snapshot)

    def problem(self, message):
        """Note a mismatch (a warning instead with ``skip_mismatch``)."""
        (self.skipped if self.skip_mismatch else self.problems).append(message)

    def match(self, owner, variables, arrays, array_names=None, keras_owner=None):
        """Pair ``variables`` with ``arrays`` one to one, noting count and shape mismatches.

        ``owner`` says where they belong ("layer 'dense' (layers/dense)");
        ``array_names`` names the arrays in the file (default their indices);
        ``keras_owner``: Keras 3's name for them in its legacy loader's errors ('layer #1 (named out)').
        An owner with any mismatch fails the load; skipping mismatches, Keras 3 still assigns what it
        reaches: for its legacy loader (``keras_owner`` given) every weight that fits, for its own layout
        the weights before the first that does not (an optimizer's first slots).
        """
        if keras_owner and self.skip_mismatch and len(variables) == len(arrays):
            for variable, array in zip(variables, arrays):
                if tuple(np.shape(array)) == _shape(variable):
                    self.pairs.append((variable, array))
                else:
                    self.keras_skipped.append(
                        'Skipping loading weights for %sdue to mismatch in shape for weight %s. Weight expects shape '
                        '%s. Received saved weight with shape %s' % (keras_owner, variable.path, _shape(variable),
                                                                     tuple(np.shape(array))))
            return
        array_names = list(array_names) if array_names is not None else [str(i) for i in range(len(arrays))]
        found = []
        for index, variable in enumerate(variables[len(arrays):], start=len(arrays)):
            found.append('%s: weight %d %r (shape %s) is missing from the file'
                         % (owner, index, variable.path, _shape(variable)))
        for index in range(len(variables), len(arrays)):
            found.append('%s: the file has an unexpected weight %r of shape %s'
                         % (owner, array_names[index], tuple(np.shape(arrays[index]))))
        for index, (variable, array) in enumerate(zip(variables, arrays)):
            if tuple(np.shape(array)) != _shape(variable):
                if keras_owner and self.keras_text is None and not self.skip_mismatch:
                    self.keras_text = ('Shape mismatch in %sfor weight %s. Weight expects shape %s. Received saved '
                                       'weight with shape %s' % (keras_owner, variable.path, _shape(variable),
                                                                 tuple(np.shape(array))))
                found.append('%s: weight %d %r has shape %s in the model but %s in the file (%r)'
                             % (owner, index, variable.path, _shape(variable), tuple(np.shape(array)),
                                array_names[index]))
        if found and self.skip_mismatch:
            self.skipped.extend(found)
            # Keras 3's load_own_variables assigns in order up to the first value that does not fit, and
            # skip_mismatch only turns its error into a warning: an optimizer whose later slots differ keeps
            # its iteration count, learning rate and the slots before them (a Dense's kernel comes first)
            if len(variables) == len(arrays):
                self.pairs.extend(_fitting_prefix(variables, arrays))
        elif found:
            self.problems.extend(found)
        else:
            self.pairs.extend(zip(variables, arrays))

    def keras_failure(self, owner, text):
        """Note the error Keras 3 meets loading ``owner`` (its error names the first such object).

        Keras keeps one error per object: a later failure of the same object replaces its text in place.
        """
        for index, (known, _) in enumerate(self.keras_failures):
            if known is owner:
                self.keras_failures[index] = (owner, text)
                return
        self.keras_failures.append((owner, text))

    def then(self, restore, variables=(), owner=None):
        """Call ``restore()`` once every pair is assigned (a layer's own ``load_own_variables``);
        ``variables``: those it may change, put back as they were should it raise; ``owner``: the
        object it loads, named as Keras 3 names the objects that failed to load."""
        self.after.append((restore, list(variables), owner))

    def finalize_after(self, layer):
        """Call ``layer.finalize_state()`` once everything is assigned, as Keras 3's loaders do where the
        layer's statistics are a snapshot of its weights (Normalization's load_own_variables; the legacy
        .h5 loader for every layer that has finalize_state and weights)."""
        self.finalizers.append(layer.finalize_state)

    def check(self):
        """Raise ``WeightsMismatchError`` listing every problem noted so far (nothing is assigned)."""
        if self.problems:
            keras_text = self.keras_text or (str(loading_failure(self.keras_failures)) if self.keras_failures
                                             else None)
            raise WeightsMismatchError(self.path, self.problems, keras_text)
        # Cast now (a no-op where the dtypes agree): a saved array that cannot take its variable's dtype
        # (numpy's 'No cast function available.') fails before anything is assigned, and before
        # load_model's compile step, as in Keras, which assigns the weights before it compiles
        self.pairs = [(variable, np.asarray(array, dtype=variable._data.dtype)) for variable, array in self.pairs]

    def apply(self):
        """Assign every pair, or raise ``WeightsMismatchError`` listing every problem (assigning none).

        Should an assignment or a ``then`` call raise (a saved array that does not convert, a
        user's ``load_own_variables`` missing its key), every variable written is put back first.
        """
        self.check()
        touched = [v for v, _ in self.pairs] + [v for _, variables, _ in self.after for v in variables]
        saved = [(v, host_value(v)) for v in touched]
        try:
            for variable, array in self.pairs:
                write_into(variable, array)
            failed = []
            for restore, _, owner in self.after:
                if owner is None:
                    restore()
                    continue
                try:
                    restore()
                except Exception as err:        # noqa: BLE001 -- Keras 3 loads the others, then names each failure
                    failed.append((owner, err))
            if failed:      # Keras 3 raises it after its loop: no cause or context in the traceback
                raise loading_failure(failed)
        except BaseException:
            for variable, array in saved:
                write_into(variable, array)
            raise
        for finalize in self.finalizers:
            finalize()
        return self.skipped


def loading_failure(failed):
    """Keras 3's ValueError (saving_lib) for objects whose own loading raised: ``failed`` is
    [(object, its exception)]."""
    owner, err = failed[0]
    return ValueError('A total of %d objects could not be loaded. Example error message for object %s:\n\n%s\n\n'
                      'List of objects that could not be loaded:\n%r'
                      % (len(failed), owner, err, [o for o, _ in failed]))


def write_into(variable, array):
    """Copy ``array`` (numpy) into ``variable``'s buffer, on the device the variable lives on."""
    data = variable._data
    if backend.is_device_array(data):
        with data.device:
            data[...] = backend.array_module(data).asarray(array, dtype=data.dtype)
    else:
        data[...] = np.asarray(array, dtype=data.dtype)


def host_value(variable):
    """A numpy copy of ``variable``'s value (a device array is copied to the host)."""
    return np.array(backend.to_host(variable._data), copy=True)


def _fitting_prefix(variables, arrays):
    """The (variable, array) pairs before the first whose shapes differ."""
    pairs = []
    for variable, array in zip(variables, arrays):
        if tuple(np.shape(array)) != _shape(variable):
            break
        pairs.append((variable, array))
    return pairs


def _shape(variable):
    return tuple(variable._data.shape)
