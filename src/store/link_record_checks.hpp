#pragma once
// The argument checks both stores make for links, traffic, paging and upload stages, so that SQLite
// and PostgreSQL refuse the same values with the same StoreError.

#include <string>
#include <vector>

#include "store/store.hpp"

namespace tglink {

// Throws for a negative size, expiry or count.
void require_valid_link(const LinkRecord& link);
// Throws for a negative download or byte count.
void require_valid_traffic(const std::vector<LinkTraffic>& traffic);
// Throws for a negative offset or limit.
void require_valid_page(int offset, int limit);
// Throws for a stage other than held, queued, posting or posted: the table's CHECK would refuse
// it too, but naming only the constraint.
void require_upload_stage(const std::string& stage);

}  // namespace tglink
