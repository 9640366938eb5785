// An edit of a volume's member (MemberEdit) as the volume writer takes it
// (zip::Edit: the member by its name as stored), and the writer's refusal as
// replace / add / remove say it: shared by the zip row's edit_member (a
// volume in memory) and the streamed outer volume (change/member_rewrite).
#pragma once

#include <optional>
#include <string>

#include "parser/zip/zip_volume.hpp"
#include "writer/core/member_edit.hpp"
#include "writer/zip/zip_rewrite.hpp"

namespace meshgate {

// The writer's edit, or (an index past the volume's members) why none.
[[nodiscard]] std::optional<zip::Edit> zip_edit_of(const zip::Volume& volume, const MemberEdit& edit, std::string& error);

// "members[NAME] is encrypted: ... (zip.rewrite-refused)", "PATH: why (zip.rewrite-unreadable)".
[[nodiscard]] std::string zip_edit_error(const Diagnostic& problem);

}  // namespace meshgate
